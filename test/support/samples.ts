import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './cli.ts';

/**
 * The code samples of the documentation, read as the reader sees them. A fenced block is a
 * sample when its language is `sh`, `ts` or `python`; an HTML comment on the line before the
 * fence (blank lines between allowed) says how the suite keeps it true:
 *
 * - `<!-- sample: run -->`: test/samples.test.ts runs it against a running service;
 * - `<!-- sample: run in background -->`: the same, a command that keeps running (`listen`);
 * - `<!-- sample: type-check -->`: compiled against the client package's types, not run
 *   (a receiver's check, which needs a delivery rather than a call);
 * - `<!-- sample: run by <test file> -->`: another test file runs it as written.
 */

/** The documents whose samples must run. */
export const SAMPLE_DOCUMENTS = ['README.md', 'packages/client/README.md', 'docs/webhooks.md'] as const;

export type Marker =
  | { kind: 'run' }
  | { kind: 'background' }
  | { kind: 'type-check' }
  | { kind: 'run-by'; file: string };

export interface Sample {
  document: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  source: string;
  marker: Marker | null;
  /** The marker's text when it is not one of the above. */
  unknownMarker: string | null;
}

function parseMarker(text: string): Marker | null {
  if (text === 'run') return { kind: 'run' };
  if (text === 'run in background') return { kind: 'background' };
  if (text === 'type-check') return { kind: 'type-check' };
  const by = /^run by (\S+)$/.exec(text);
  return by ? { kind: 'run-by', file: by[1]! } : null;
}

/** Every sample of a document (blocks of other languages are left out). */
export function samplesOf(document: string): Sample[] {
  const lines = readFileSync(join(root, document), 'utf8').split('\n');
  const samples: Sample[] = [];
  for (let at = 0; at < lines.length; at++) {
    const fence = /^```(\w*)\s*$/.exec(lines[at]!);
    if (!fence) continue;
    const end = lines.findIndex((text, index) => index > at && text.startsWith('```'));
    if (end < 0) throw new Error(`${document}:${at + 1}: a fence that is never closed`);
    const lang = fence[1]!;
    if (['sh', 'ts', 'python'].includes(lang)) {
      let before = at - 1;
      while (before >= 0 && lines[before]!.trim() === '') before--;
      const comment = before >= 0 ? /^<!-- sample: (.+?) -->$/.exec(lines[before]!.trim()) : null;
      const marker = comment ? parseMarker(comment[1]!) : null;
      samples.push({
        document,
        line: at + 1,
        lang,
        source: `${lines.slice(at + 1, end).join('\n')}\n`,
        marker,
        unknownMarker: comment && !marker ? comment[1]! : null,
      });
    }
    at = end;
  }
  return samples;
}

/**
 * Whether a sample shows a call to the service (or a receiver's check of one): a curl line or
 * `funder-api listen` in a shell block, a call through the client or a signature check in
 * TypeScript, any Python. Such a sample must carry a marker.
 */
export function showsCall(sample: Sample): boolean {
  switch (sample.lang) {
    case 'sh':
      return /\bcurl\b|funder-api listen/.test(sample.source);
    case 'ts':
      return /\bclient\.(GET|POST|PUT|PATCH|DELETE)\(|\bverify\w*\(|\.verify\(/.test(sample.source);
    default:
      return true;
  }
}

/** Why a sample is not covered, or null when it is. */
export function uncovered(sample: Sample): string | null {
  const where = `${sample.document}:${sample.line} (${sample.lang})`;
  if (sample.unknownMarker) return `${where}: unknown marker "${sample.unknownMarker}"`;
  if (!showsCall(sample)) return null;
  const marker = sample.marker;
  if (!marker) return `${where} shows a call but has no <!-- sample: ... --> marker`;
  if (marker.kind === 'type-check' && /\bclient\.(GET|POST|PUT|PATCH|DELETE)\(/.test(sample.source))
    return `${where} calls the service: it must run, not only type-check`;
  if (marker.kind === 'type-check' && sample.lang !== 'ts')
    return `${where}: only TypeScript is type-checked`;
  if (marker.kind === 'run-by') {
    const test = join(root, marker.file);
    if (!existsSync(test)) return `${where}: ${marker.file} does not exist`;
    if (!readFileSync(test, 'utf8').includes(sample.document))
      return `${where}: ${marker.file} does not read ${sample.document}`;
  }
  if (marker.kind === 'background' && sample.lang !== 'sh') return `${where}: only shell runs in background`;
  return null;
}

/**
 * A TypeScript sample made to run here: the service's address and key put where the sample shows
 * the local defaults and the placeholder key, and today's date where it shows one. Every other
 * line is the document's own.
 */
export function fillIn(source: string, values: { baseUrl: string; apiKey: string; today: string }): string {
  return source
    .replaceAll("'http://localhost:8080'", JSON.stringify(values.baseUrl))
    .replaceAll("'svc_fk_…'", JSON.stringify(values.apiKey))
    .replace(/today: '\d{4}-\d{2}-\d{2}'/, `today: ${JSON.stringify(values.today)}`);
}

/**
 * What a type-check-only sample leaves to its reader: the raw request it checks, and a secret.
 * Declared, so the compiler checks every call the sample makes.
 */
export const RECEIVER_DECLARATIONS = [
  'declare const rawBody: string;',
  'declare const request: { url: string; headers: Record<string, string> };',
  'declare const returnSecret: string;',
  '',
].join('\n');

export interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a child process to its end; `detached` puts it in a process group of its own. */
export function runProcess(
  command: string,
  args: string[],
  options: {
    cwd?: string;
    env?: NodeJS.ProcessEnv;
    detached?: boolean;
    onSpawn?: (pid: number) => void;
  } = {},
): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? root,
      env: options.env ?? process.env,
      detached: options.detached ?? false,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The project's TypeScript compiler over the given files: strict, as a Node.js ES module. */
export function typeCheck(files: string[], cwd: string): Promise<Outcome> {
  return runProcess(
    process.execPath,
    [
      join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
      '--noEmit',
      '--strict',
      '--skipLibCheck',
      '--target',
      'es2022',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--types',
      'node',
      ...files,
    ],
    { cwd },
  );
}

/** Runs a TypeScript file with the project's loader (tsx), as `node --import tsx` does. */
export function runTypeScript(file: string, env: Record<string, string>): Promise<Outcome> {
  return runProcess(process.execPath, ['--import', 'tsx', file], { env: { ...process.env, ...env } });
}
