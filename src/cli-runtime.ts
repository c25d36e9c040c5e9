import { Option } from 'commander';
import { CliError, printResult } from './cli-output.ts';
import { loadConfig } from './config.ts';
import type { OperatorCaller } from './platform/caller.ts';
import { prepareDataDir } from './platform/data-dir.ts';
import { OPERATOR, runAs } from './platform/db/actor.ts';
import {
  acquireEmbeddedLock,
  EmbeddedDatabaseBusy,
  type EmbeddedLock,
  readLockHolder,
} from './platform/db/embedded-lock.ts';
import { migrate } from './platform/db/migrate.ts';
import { createRuntime, type Runtime, resolveSecrets } from './runtime.ts';

/**
 * Who a command acts as: the operations team, as through the operations API. On the database
 * directly it holds every right (no role: an admin's); through a running server it is the
 * bootstrap operator.
 */
export const operator: OperatorCaller = { kind: 'operator', requestId: 'cli', name: 'cli' };

/** The options every command that answers takes. */
export interface Output {
  json: boolean;
}

export const jsonOption = new Option('--json', 'print JSON for scripts');

export function print(out: Output, value: unknown, human: () => string): void {
  printResult(out.json === true, value, human);
}

/** A call to the operations API of a running server, as the operator; its answer, or a `CliError`. */
export type ServerCall = (method: string, path: string, body?: unknown) => Promise<unknown>;

/**
 * Opens the runtime for a one-off command. On the embedded database a running server holds
 * the data folder; then `viaServer` (if given) goes through its operations API instead.
 */
export async function withRuntime<T>(
  role: string,
  direct: (runtime: Runtime) => Promise<T>,
  viaServer?: (call: ServerCall) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  let lock: EmbeddedLock | null = null;
  if (!config.databaseUrl) {
    // Before its lock file or its token is read: a directory others can write is refused.
    await prepareDataDir(config.dataDir);
    const holder = await readLockHolder(config.dataDir);
    if (holder) {
      // Its operations API is on its operations listener when it has one (OPS_PORT).
      const url = holder.opsUrl ?? holder.url;
      if (!viaServer || !url) throw new EmbeddedDatabaseBusy(holder);
      const { opsToken } = await resolveSecrets(config);
      return viaServer(serverCall(url, opsToken));
    }
    lock = await acquireEmbeddedLock(config.dataDir, role);
  }
  const runtime = await createRuntime({ ...config, logLevel: 'warn' });
  try {
    // `migrate` itself reports what it applied: migrating here first would leave it nothing.
    if (role !== 'migrate') await migrate(runtime.db);
    // The CLI is the operations team's tool: it runs as the operator role.
    return await runAs(OPERATOR, () => direct(runtime));
  } finally {
    await runtime.close();
    await lock?.release();
  }
}

/** Calls the operations API of the server at `url` that holds the embedded database. */
function serverCall(url: string, opsToken: string): ServerCall {
  return async (method, path, body) => {
    const response = await serverResponse(url, opsToken, method, path, body);
    try {
      const text = await response.text();
      return text ? JSON.parse(text) : {};
    } catch {
      throw new CliError(
        'server_answer_invalid',
        `The server at ${url} answered ${response.status} without JSON.`,
        {
          url,
          status: response.status,
        },
      );
    }
  };
}

/**
 * Calls the operations API of the server at `url` as the operator: its answer when it
 * succeeded (the body not read yet), else a `CliError` with the server's error code.
 */
export async function serverResponse(
  url: string,
  opsToken: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${opsToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new CliError(
      'server_unreachable',
      `The running server at ${url} holds the embedded database but did not answer: ${(err as Error).message}`,
      { url },
    );
  }
  if (response.ok) return response;
  let answer: { error?: { code?: string; message?: string } & Record<string, unknown> } = {};
  try {
    answer = JSON.parse(await response.text());
  } catch {
    // No envelope: the status alone says what happened.
  }
  const { code, message, ...extra } = answer.error ?? {};
  throw new CliError(
    code ?? `http_${response.status}`,
    message ?? `The server at ${url} answered ${response.status}.`,
    { ...extra, status: response.status },
  );
}
