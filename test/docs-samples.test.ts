import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root, SUITE_TIMEOUT } from './support/cli.ts';
import { fillIn, type Outcome, runProcess, runTypeScript, typeCheck } from './support/samples.ts';
import { startService, type TestService } from './support/service.ts';

/**
 * The samples of the reference (`/docs`), generated per operation as `x-codeSamples` in
 * src/platform/http/openapi/code-samples.ts; the page shows these and nothing else. The
 * TypeScript ones compile against the client package's types (one compiler run over all of
 * them), and a few run. Every curl, Python and Java one runs against a running service with a
 * sandbox key, as a reader would paste it: curl through `sh`, Python through `python3`, Java
 * compiled by one `javac` run and run by one JVM (test/support/SampleRunner.java).
 */

interface CodeSample {
  lang: string;
  source: string;
}
type Operation = { operationId?: string; security?: unknown[]; 'x-codeSamples'?: CodeSample[] };
type Lang = 'shell' | 'typescript' | 'python' | 'java';
const LANGS: Lang[] = ['shell', 'typescript', 'python', 'java'];

/** What a sample got: the status (`2xx` when curl succeeded, which prints no status) and the body. */
type Answer = { status: number | '2xx'; body: string };

let service: TestService;
let baseUrl: string;
let key: string;
let dir: string;
let samples: Map<string, Record<Lang, string>>;
const keyed = new Set<string>();

const hasJavac = spawnSync('javac', ['-version']).status === 0;
if (!hasJavac)
  console.warn('No javac on this machine: the reference’s Java samples are not run (install a JDK 11+).');

beforeAll(async () => {
  service = await startService({ demoPlane: true });
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
  // A sandbox key whose rate limits leave room for every sample in every language: the test
  // clock stands still, so all the calls fall in one minute.
  const { bankId } = await service.given.demoFunder();
  ({ secret: key } = await service.given.key({
    bankId,
    perMinute: 2000,
    perHour: 20000,
    prospect: 'test prospect',
  }));
  dir = join(root, '.test-data', `docs-samples-${randomUUID()}`);
  await mkdir(dir, { recursive: true });
  const document = await service.call<{ paths: Record<string, Record<string, Operation>> }>(
    null,
    'GET',
    '/v1/openapi.json',
  );
  samples = new Map();
  for (const [path, item] of Object.entries(document.body.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (typeof operation !== 'object' || operation === null || !('operationId' in operation)) continue;
      const name = `${method.toUpperCase()} ${path}`;
      const all = operation['x-codeSamples'] ?? [];
      const source = (lang: Lang) => all.find((s) => s.lang === lang)?.source ?? '';
      samples.set(
        name,
        Object.fromEntries(LANGS.map((lang) => [lang, source(lang)])) as Record<Lang, string>,
      );
      if ((operation.security ?? []).length > 0) keyed.add(name);
    }
  }
}, SUITE_TIMEOUT);

afterAll(async () => {
  await service?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const fileName = (operation: string) => operation.replace(/\W+/g, '-').replace(/^-|-$/g, '');
const withAddress = (source: string) => source.replaceAll('http://localhost:8080', baseUrl);
const env = () => ({ ...process.env, FUNDER_API_KEY: key });

/** Runs `task` over the items, a few at a time (the machine's two cores are shared). */
async function inTurn<T, R>(items: T[], task: (item: T) => Promise<R>, width = 3): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      results[at] = await task(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

/** The status and body a Python or Java sample printed (`<status> <body>`), or why there are none. */
function printed(text: string): Answer | string {
  const match = /^(\d{3}) ([\s\S]*)$/.exec(text.replace(/\n$/, ''));
  return match ? { status: Number(match[1]), body: match[2]! } : `printed no status: ${text.slice(0, 500)}`;
}

/** What a curl sample got: exit 0 is a 2xx; 22 is an error answer (`--fail-with-body`), its body printed. */
function curlAnswer(ran: Outcome): Answer | string {
  const failed = /^curl: \(22\) The requested URL returned error: (\d{3})\s*$/;
  const lines = ran.stderr.split('\n').filter((line) => line.trim() !== '');
  if (ran.code === 0 && lines.length === 0) return { status: '2xx', body: ran.stdout };
  const status = lines.length === 1 ? failed.exec(lines[0]!)?.[1] : undefined;
  if (ran.code === 22 && status) return { status: Number(status), body: ran.stdout };
  return `exit ${ran.code}: ${ran.stderr.slice(0, 500)}`;
}

/**
 * Why an answer is not the service's own, or null when it is: a 2xx with a JSON body, or a 4xx
 * in the error envelope. A 5xx, a redirect, or a refused key (the sample sends it) is a defect.
 */
function problem(operation: string, got: Answer | string): string | null {
  if (typeof got === 'string') return `${operation}: ${got}`;
  const json = (() => {
    try {
      return JSON.parse(got.body) as Record<string, unknown>;
    } catch {
      return undefined;
    }
  })();
  const error = json?.error as Record<string, unknown> | undefined;
  if (got.status === '2xx' || (got.status >= 200 && got.status < 300)) {
    if (json === undefined)
      return `${operation}: ${got.status} without a JSON body: ${got.body.slice(0, 200)}`;
    // An error's envelope under a success: curl was not told to fail on an error answer.
    return typeof error?.code === 'string' ? `${operation}: ${got.status} with an error: ${got.body}` : null;
  }
  const envelope =
    typeof error?.code === 'string' &&
    typeof error.message === 'string' &&
    typeof error.request_id === 'string';
  if (got.status >= 500 || got.status < 400 || !envelope)
    return `${operation}: ${got.status} ${got.body.slice(0, 300)}`;
  if (keyed.has(operation) && error?.code === 'unauthorized') return `${operation}: the key was not sent`;
  return null;
}

/** The answers of the calls checked to their body, the same in every language. */
function checkShapes(answers: Map<string, Answer | string>): void {
  const body = (operation: string, status: number) => {
    const got = answers.get(operation);
    expect(typeof got, `${operation}: ${String(got)}`).toBe('object');
    const answer = got as Answer;
    if (answer.status !== '2xx') expect(answer.status, operation).toBe(status);
    return JSON.parse(answer.body) as Record<string, unknown>;
  };
  expect(body('GET /v1/me', 200)).toMatchObject({ environment: 'sandbox' });
  expect(Array.isArray(body('GET /v1/requests', 200).requests)).toBe(true);
  const created = body('POST /v1/sandbox/requests', 201) as { request?: { id?: unknown; status?: unknown } };
  expect(created.request?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(created.request?.status).toEqual(expect.any(String));
}

describe('the reference’s samples', { timeout: SUITE_TIMEOUT }, () => {
  it('every operation has one in curl, TypeScript, Python and Java', () => {
    expect(samples.size).toBeGreaterThan(50);
    const missing = [...samples].flatMap(([operation, all]) =>
      LANGS.filter((lang) => all[lang] === '').map((lang) => `${operation} (${lang})`),
    );
    expect(missing).toEqual([]);
  });

  it('the TypeScript ones all compile against the client package', async () => {
    const files: string[] = [];
    for (const [operation, all] of samples) {
      const file = join(dir, `${fileName(operation)}.mts`);
      await writeFile(file, all.typescript);
      files.push(file);
    }
    const tsc = await typeCheck(files, dir);
    expect(tsc.code, `${tsc.stdout}\n${tsc.stderr}`).toBe(0);
  });

  it.each([
    ['GET /v1/me', (data: Record<string, unknown>) => expect(data).toMatchObject({ environment: 'sandbox' })],
    ['GET /v1/requests', (data: Record<string, unknown>) => expect(Array.isArray(data.requests)).toBe(true)],
  ])(
    'runs the TypeScript sample of %s against a running service with a sandbox key',
    async (operation, check) => {
      const source = samples.get(operation)?.typescript;
      expect(source).toBeTruthy();
      const file = join(dir, `run-${fileName(operation)}.mts`);
      const filled = fillIn(source!, { baseUrl, apiKey: key, today: '' });
      await writeFile(file, `${filled}console.log(JSON.stringify(data));\n`);
      const ran = await runTypeScript(file, { FUNDER_API_KEY: key });
      expect(ran.code, `${ran.stdout}\n${ran.stderr}`).toBe(0);
      check(JSON.parse(ran.stdout.trim().split('\n').pop()!) as Record<string, unknown>);
    },
  );

  it('runs every curl sample through sh: each gets the service’s own answer', async () => {
    const operations = [...samples.keys()];
    const ran = await inTurn(operations, (operation) =>
      runProcess('sh', ['-c', withAddress(samples.get(operation)!.shell)], { env: env() }),
    );
    const answers = new Map(operations.map((operation, at) => [operation, curlAnswer(ran[at]!)]));
    expect([...answers].map(([operation, got]) => problem(operation, got)).filter(Boolean)).toEqual([]);
    checkShapes(answers);
  });

  it('runs every Python sample through python3 (standard library only): each gets the service’s own answer', async () => {
    const operations = [...samples.keys()];
    const python = join(dir, 'python');
    await mkdir(python, { recursive: true });
    const ran = await inTurn(operations, async (operation) => {
      const file = join(python, `${fileName(operation).replaceAll('-', '_')}.py`);
      await writeFile(file, withAddress(samples.get(operation)!.python));
      return runProcess('python3', ['-I', file], { env: env() });
    });
    const answers = new Map(
      operations.map((operation, at): [string, Answer | string] => {
        const outcome = ran[at]!;
        if (outcome.code !== 0 || outcome.stderr !== '')
          return [operation, `exit ${outcome.code}: ${outcome.stderr}`];
        return [operation, printed(outcome.stdout)];
      }),
    );
    expect([...answers].map(([operation, got]) => problem(operation, got)).filter(Boolean)).toEqual([]);
    checkShapes(answers);
  });

  it.skipIf(!hasJavac)(
    'compiles every Java sample in one javac run and runs each in one JVM: each gets the service’s own answer',
    async () => {
      const operations = [...samples.keys()];
      const java = join(dir, 'java');
      await mkdir(java, { recursive: true });
      const classes = operations.map((_, at) => `Sample${at}`);
      const files = [join(root, 'test', 'support', 'SampleRunner.java')];
      for (const [at, operation] of operations.entries()) {
        const source = withAddress(samples.get(operation)!.java);
        expect(source, operation).toContain('public class Sample {');
        const file = join(java, `${classes[at]}.java`);
        await writeFile(file, source.replace('public class Sample {', `public class ${classes[at]} {`));
        files.push(file);
      }
      const out = join(java, 'classes');
      const javac = await runProcess('javac', ['-Xlint:all', '-Werror', '-d', out, ...files]);
      expect(javac.code, `${javac.stdout}\n${javac.stderr}`).toBe(0);
      const ran = await runProcess('java', ['-cp', out, 'SampleRunner', ...classes], { env: env() });
      expect(ran.code, ran.stderr).toBe(0);
      const sections = new Map<string, Answer | string>();
      for (const part of ran.stdout.split(/^@@ sample /m).slice(1)) {
        const [head, ...rest] = part.split('\n');
        const [name, outcome] = head!.split(' ');
        const text = rest.join('\n').replace(/\n+$/, '');
        sections.set(name!, outcome === 'ok' ? printed(text) : `failed: ${text.slice(0, 800)}`);
      }
      const answers = new Map(
        operations.map((operation, at) => [operation, sections.get(classes[at]!) ?? 'never ran']),
      );
      expect([...answers].map(([operation, got]) => problem(operation, got)).filter(Boolean)).toEqual([]);
      checkShapes(answers);
    },
  );
});
