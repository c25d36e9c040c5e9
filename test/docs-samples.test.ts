import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root, SUITE_TIMEOUT } from './support/cli.ts';
import { fillIn, runTypeScript, typeCheck } from './support/samples.ts';
import { startService, type TestService } from './support/service.ts';

/**
 * The TypeScript samples of the reference (`/docs`): every operation's `x-codeSamples` entry,
 * generated in src/platform/http/openapi/code-samples.ts, compiles against the client package's
 * types (one compiler run over all of them), and a few run against a running service with a
 * sandbox key, as a reader would paste them.
 */

interface CodeSample {
  lang: string;
  source: string;
}
type Operation = { operationId?: string; 'x-codeSamples'?: CodeSample[] };

let service: TestService;
let baseUrl: string;
let key: string;
let dir: string;
let samples: Map<string, string>;

beforeAll(async () => {
  service = await startService();
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
  ({ key } = await service.given.sandbox());
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
      const typescript = (operation['x-codeSamples'] ?? []).find((s) => s.lang === 'typescript');
      samples.set(`${method.toUpperCase()} ${path}`, typescript?.source ?? '');
    }
  }
}, SUITE_TIMEOUT);

afterAll(async () => {
  await service?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the reference’s TypeScript samples', { timeout: SUITE_TIMEOUT }, () => {
  it('every operation has one, and all of them compile against the client package', async () => {
    expect(samples.size).toBeGreaterThan(50);
    expect([...samples].filter(([, source]) => source === '').map(([operation]) => operation)).toEqual([]);
    const files: string[] = [];
    for (const [operation, source] of samples) {
      const file = join(dir, `${operation.replace(/\W+/g, '-')}.mts`);
      await writeFile(file, source);
      files.push(file);
    }
    const tsc = await typeCheck(files, dir);
    expect(tsc.code, `${tsc.stdout}\n${tsc.stderr}`).toBe(0);
  });

  it.each([
    ['GET /v1/me', (data: Record<string, unknown>) => expect(data).toMatchObject({ environment: 'sandbox' })],
    ['GET /v1/requests', (data: Record<string, unknown>) => expect(Array.isArray(data.requests)).toBe(true)],
  ])('runs the sample of %s against a running service with a sandbox key', async (operation, check) => {
    const source = samples.get(operation);
    expect(source).toBeTruthy();
    const file = join(dir, `run-${operation.replace(/\W+/g, '-')}.mts`);
    const filled = fillIn(source!, { baseUrl, apiKey: key, today: '' });
    await writeFile(file, `${filled}console.log(JSON.stringify(data));\n`);
    const ran = await runTypeScript(file, { FUNDER_API_KEY: key });
    expect(ran.code, `${ran.stdout}\n${ran.stderr}`).toBe(0);
    check(JSON.parse(ran.stdout.trim().split('\n').pop()!) as Record<string, unknown>);
  });
});
