import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { bin, outputOf, PROCESS_MINUTES, root, tempDataDir } from './cli.ts';
import { untilWithin } from './webhook-receiver.ts';

/** `funder-api listen` as a child process, and a local receiver for what it forwards. */

export const until = untilWithin(PROCESS_MINUTES * 60_000);

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on a loopback port answering 204 to every post; what it got, in order of arrival. */
export async function startReceiver(): Promise<{
  url: string;
  received: Received[];
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const started: ChildProcess[] = [];

/** Kills what `startListen` started and is still running (an afterAll's job). */
export function killListeners(): void {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
}

/** A state file in a directory of its own, for one listener (or for one restarted). */
export async function stateFile(): Promise<string> {
  return join(await tempDataDir(), 'listen-state.json');
}

export interface Listening {
  child: ChildProcess;
  /** The JSON lines of its standard output so far (`--json`). */
  lines(): Record<string, unknown>[];
  /** Its first line, the start. */
  start: Record<string, unknown>;
  exited: Promise<number | null>;
  stdout(): string;
  stderr(): string;
}

/**
 * Starts `funder-api listen` and waits for its first line, the start (with `--json`); `env` is
 * all of its environment but PATH. Without a `--state` among `args` it keeps its place in a
 * file of its own.
 */
export async function startListen(args: string[], env: Record<string, string> = {}): Promise<Listening> {
  const state = args.includes('--state') ? [] : ['--state', await stateFile()];
  const child = spawn(process.execPath, [bin, 'listen', ...args, ...state], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
  });
  started.push(child);
  const { stdout, stderr } = outputOf(child);
  const lines = () =>
    stdout()
      .split('\n')
      .filter((text) => text.startsWith('{') && text.endsWith('}'))
      .map((text) => JSON.parse(text) as Record<string, unknown>);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await until(async () => {
    if (child.exitCode !== null) throw new Error(`listen exited ${child.exitCode}: ${stdout()}${stderr()}`);
    return lines().length > 0;
  }, 'listen printed its start');
  return { child, lines, start: lines()[0]!, exited, stdout, stderr };
}
