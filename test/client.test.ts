import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { OpenAPI3 } from 'openapi-typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { walkThrough } from '../packages/client/examples/walk-through.ts';
import { createClient, FunderApiError, unwrap } from '../packages/client/src/index.ts';
import { clientTypesFile, renderClientTypes } from '../scripts/client-types.ts';
import { madridDate } from '../src/platform/clock.ts';
import { startGiven } from './support/service.ts';

let baseUrl: string;
let sandbox: { key: string };
const { service } = startGiven({ demoPlane: true });
beforeAll(async () => {
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
  sandbox = await service.given.demoFunder();
});

describe('the typed client in packages/client', () => {
  it('has types generated from the document the server serves now', async () => {
    const document = await service.call<OpenAPI3>(null, 'GET', '/v1/openapi.json');
    expect(document.status).toBe(200);
    const expected = await renderClientTypes(document.body);
    const committed = await readFile(clientTypesFile, 'utf8');
    // On failure: run `npm run client:types` and commit packages/client/src/schema.ts.
    expect(committed === expected, 'packages/client/src/schema.ts is stale: run `npm run client:types`').toBe(
      true,
    );
  });

  it('walks a sandbox request from creation to settled with two partial settlements, as the READMEs show', async () => {
    const today = madridDate(service.runtime.clock.now());
    const result = await walkThrough({ baseUrl, apiKey: sandbox.key, today });
    expect(result.offer).toMatchObject({ decision: 'offer', status: 'terms_sent' });
    expect(result.funded).toMatchObject({ decision: 'fund', status: 'funded', value_date: today });
    expect(result.first).toMatchObject({ status: 'funded', settled_amount: 12_500, final: false });
    expect(result.first.remaining_amount).toBeGreaterThan(0);
    expect(result.second).toMatchObject({ status: 'settled', remaining_amount: 0, final: true });
    expect(result.settled.status).toBe('settled');
  });

  it('shows the walk-through in both READMEs exactly as the code that runs', async () => {
    const code = await readFile(
      new URL('../packages/client/examples/walk-through.ts', import.meta.url),
      'utf8',
    );
    const start = code.indexOf('// walk-through:start\n');
    const end = code.indexOf('  // walk-through:end');
    expect(start).toBeGreaterThan(0);
    const lines = code
      .slice(start + '// walk-through:start\n'.length, end)
      .split('\n')
      .map((line) => line.replace(/^ {2}/, ''))
      .join('\n');
    for (const readme of ['../README.md', '../packages/client/README.md']) {
      expect(await readFile(new URL(readme, import.meta.url), 'utf8'), readme).toContain(lines.trim());
    }
  });

  it('throws a typed error carrying the code, the status and the request id', async () => {
    const client = createClient({ baseUrl, apiKey: sandbox.key });
    const missing = '00000000-0000-4000-8000-000000000000';
    const error = await client
      .GET('/v1/requests/{id}', { params: { path: { id: missing } } })
      .then(unwrap)
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(FunderApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found' });
    expect((error as FunderApiError).requestId).toMatch(/\S/);
  });

  it('refuses a key that is not one, as a typed 401', async () => {
    const client = createClient({ baseUrl, apiKey: 'svc_fk_not-a-key' });
    const error = await client
      .GET('/v1/me')
      .then(unwrap)
      .catch((err: unknown) => err);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
  });
});
