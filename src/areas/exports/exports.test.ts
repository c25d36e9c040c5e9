import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/support/errors.ts';
import {
  download,
  drainJobs,
  type ExportView,
  getExport,
  readAll,
  runVerify,
  unzipExport,
} from '../../../test/support/exports.ts';
import { type FunderFixture, requestsGiven } from '../../../test/support/requests-fixtures.ts';
import { startService, type TestService } from '../../../test/support/service.ts';
import { canonicalJson } from '../../platform/canonical-json.ts';
import { ENTITIES } from './exports.content.store.ts';

let service: TestService;
let given: ReturnType<typeof requestsGiven>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'exports-data-'));
  service = await startService({ config: { dataDir } });
  given = requestsGiven(service);
});
afterAll(async () => {
  await service?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function requestExport(funder: FunderFixture, body: unknown = {}): Promise<ExportView> {
  const answer = await service.call<{ funder: { bank_id: string }; export: ExportView }>(
    funder.key,
    'POST',
    '/v1/exports',
    { body },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  expect(answer.body.funder.bank_id).toBe(funder.bankId);
  return answer.body.export;
}

async function readyExport(funder: FunderFixture, body: unknown = {}): Promise<ExportView> {
  const queued = await requestExport(funder, body);
  await drainJobs(service);
  const view = await getExport(service, funder.key, queued.id);
  expect(view.status).toBe('ready');
  return view;
}

describe('an export of a live funder with requests in every status', () => {
  let funder: FunderFixture;
  let other: FunderFixture;
  let otherRequestId: string;
  const ids: string[] = [];
  let queued: ExportView;
  let ready: ExportView;
  let dir: string;
  let webhookSecret: string;
  const formula = '=HYPERLINK("http://x.example","click")';

  beforeAll(async () => {
    funder = await given.funder();
    other = await given.funder();
    const made = [
      await given.routedRequest({ funder, status: 'pending' }),
      await given.routedRequest({ funder }),
      await given.routedRequest({ funder, status: 'under_review' }),
      await given.offeredRequest({ funder, offer: { notes: formula } }),
      await given.approvedRequest({ funder }),
      await given.fundedRequest({ funder }),
      await given.settledRequest({ funder }),
      await given.declinedRequest({ funder }),
      await given.rejectedRequest({ funder }),
      await given.cancelledRequest({ funder }),
    ];
    ids.push(...made.map((r) => r.id));
    otherRequestId = (await given.offeredRequest({ funder: other })).id;
    const hook = await service.call<{ secret: string }>(funder.key, 'POST', '/v1/webhooks', {
      body: { url: 'https://hooks.acme-bank.com/funder-api', description: 'Core banking' },
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    webhookSecret = hook.body.secret;
    queued = await requestExport(funder, { lang: 'es' });
    ready = await (async () => {
      // Before the worker ran: queued, with progress and no files.
      const before = await getExport(service, funder.key, queued.id);
      expect(before).toMatchObject({ status: 'queued', download_available: false, manifest_sha256: null });
      expect(before.progress).toMatchObject({ entities_done: 0, entities_total: ENTITIES.length });
      expect(before.files).toBeUndefined();
      await drainJobs(service);
      return getExport(service, funder.key, queued.id);
    })();
    dir = await unzipExport(service, ready);
  });

  it('queues with 202, then the worker makes it ready with one signed link per volume', async () => {
    expect(queued).toMatchObject({
      status: 'queued',
      subject: 'funder',
      plane: 'live',
      lang: 'es',
      requested_via: 'api',
    });
    expect(ready).toMatchObject({ status: 'ready', download_available: true, documents_mode: 'metadata' });
    expect(ready.manifest_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(ready.files?.length).toBeGreaterThanOrEqual(1);
    expect(ready.progress).toMatchObject({ entities_done: ENTITIES.length, phase: 'ready' });
    const statuses = new Set(
      (
        await service.db.query<{ status: string }>('SELECT status FROM funding_requests WHERE id = ANY($1)', [
          ids,
        ])
      ).rows.map((r) => r.status),
    );
    expect(statuses.size).toBeGreaterThanOrEqual(9);
    expect(ready.row_counts?.requests).toBe(ids.length);
  });

  it('unzips with the system unzip and verify.py passes with python3', async () => {
    const run = runVerify(dir);
    expect(run.output).toContain('OK');
    expect(run.status).toBe(0);
  });

  it('verify.py fails and names the file when one byte of it changes', async () => {
    const copy = `${dir}-tampered`;
    const { cpSync } = await import('node:fs');
    cpSync(dir, copy, { recursive: true });
    const path = join(copy, 'requests.csv');
    const bytes = await readFile(path);
    bytes[bytes.length - 3] = bytes[bytes.length - 3]! ^ 1;
    await writeFile(path, bytes);
    const run = runVerify(copy);
    expect(run.status).toBe(1);
    expect(run.output).toContain('FAILED requests.csv');
  });

  it('holds a CSV and a JSON Lines file per entity, schema.json, the README in the chosen language and verify.py', async () => {
    const files = await readAll(dir);
    for (const entity of ENTITIES) {
      expect(files.has(`${entity.name}.csv`), entity.name).toBe(true);
      expect(files.has(`${entity.name}.jsonl`), entity.name).toBe(true);
    }
    expect(files.get('README.es.txt')).toContain('python3 verify.py');
    const schema = JSON.parse(files.get('schema.json')!) as { entities: { name: string }[] };
    expect(schema.entities.map((e) => e.name)).toEqual(ENTITIES.map((e) => e.name));
  });

  it('exports exactly the funder’s requests, in CSV (RFC 4180, header row) and JSON Lines', async () => {
    const files = await readAll(dir);
    const lines = files
      .get('requests.jsonl')!
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string });
    expect(lines.map((l) => l.id).sort()).toEqual([...ids].sort());
    const csv = files.get('requests.csv')!;
    expect(csv.startsWith('id,request_ref,type,status,')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    for (const [name, text] of files) expect(text.includes(otherRequestId), name).toBe(false);
  });

  it('neutralises a cell that starts like a formula in CSV, and keeps the value as is in JSON Lines', async () => {
    const files = await readAll(dir);
    expect(files.get('offers.csv')).toContain(`"'=HYPERLINK(""http://x.example"",""click"")"`);
    expect(files.get('offers.jsonl')).toContain(JSON.stringify(formula));
  });

  it('carries no key, key hash or token in any file', async () => {
    const files = await readAll(dir);
    const secret = funder.key;
    const hash = createHash('sha256').update(secret).digest('hex');
    const tokens = (
      await service.db.query<{ token_sha256: string }>('SELECT token_sha256 FROM document_url_log')
    ).rows;
    for (const [name, text] of files) {
      expect(text.includes(secret), name).toBe(false);
      expect(text.includes(service.opsToken), name).toBe(false);
      expect(text.includes(hash), name).toBe(false);
      expect(/svc_fk_[0-9a-f]{64}/.test(text), name).toBe(false);
      for (const t of tokens) expect(text.includes(t.token_sha256), name).toBe(false);
      expect(text.includes(webhookSecret.slice('whsec_'.length)), name).toBe(false);
    }
    // The webhook endpoint is exported, without its signing secret.
    const endpoints = files
      .get('webhook_endpoints.jsonl')!
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(endpoints).toEqual([
      expect.objectContaining({
        url: 'https://hooks.acme-bank.com/funder-api',
        description: 'Core banking',
        active: true,
      }),
    ]);
    const keys = files
      .get('api_keys.jsonl')!
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(keys.length).toBeGreaterThanOrEqual(1);
    for (const key of keys) expect(Object.keys(key)).not.toContain('secret_sha256');
  });

  it('states manifest_sha256 as the SHA-256 of the manifest without it, keys sorted, no spaces; on the chain and as an event', async () => {
    const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const { manifest_sha256, ...rest } = manifest;
    const computed = createHash('sha256').update(canonicalJson(rest)).digest('hex');
    expect(manifest_sha256).toBe(computed);
    expect(ready.manifest_sha256).toBe(computed);
    const entry = await service.db.query<{ payload: { manifest_sha256: string } }>(
      `SELECT payload FROM evidence_entries WHERE kind = 'export.ready' AND subject_id = $1`,
      [ready.id],
    );
    expect(entry.rows.map((r) => r.payload.manifest_sha256)).toEqual([computed]);
    const event = await service.db.query<{ payload: { manifest_sha256: string } }>(
      `SELECT payload FROM outbox_events WHERE type = 'export.ready' AND payload->>'export_id' = $1`,
      [ready.id],
    );
    expect(event.rows.map((r) => r.payload.manifest_sha256)).toEqual([computed]);
  });

  it('lists the funder’s exports newest first, and never another funder’s', async () => {
    const list = await service.call<{ exports: ExportView[] }>(funder.key, 'GET', '/v1/exports?limit=5');
    expect(list.status).toBe(200);
    expect(list.body.exports[0]!.id).toBe(ready.id);
    expect(list.body.exports[0]!.files).toBeUndefined();
    const others = await service.call<{ exports: ExportView[] }>(other.key, 'GET', '/v1/exports');
    expect(others.body.exports.map((e) => e.id)).not.toContain(ready.id);
    expectError(await service.call(other.key, 'GET', `/v1/exports/${ready.id}`), 404, 'not_found');
  });
});

describe('who may export, and how often', () => {
  it('refuses sandbox keys with 403 export_live_key_required, on every export operation', async () => {
    const sandbox = await given.funder({ environment: 'sandbox' });
    expectError(
      await service.call(sandbox.key, 'POST', '/v1/exports', { body: {} }),
      403,
      'export_live_key_required',
    );
    expectError(await service.call(sandbox.key, 'GET', '/v1/exports'), 403, 'export_live_key_required');
    const id = '00000000-0000-4000-8000-000000000000';
    expectError(await service.call(sandbox.key, 'GET', `/v1/exports/${id}`), 403, 'export_live_key_required');
  });

  it('refuses an unknown language with body_invalid', async () => {
    const funder = await given.funder();
    expectError(
      await service.call(funder.key, 'POST', '/v1/exports', { body: { lang: 'xx' } }),
      422,
      'body_invalid',
    );
  });

  it('takes one export at a time, then at most 10 in 24 hours, saying when the next is allowed', async () => {
    const funder = await given.funder();
    const first = await requestExport(funder);
    const busy = expectError(
      await service.call(funder.key, 'POST', '/v1/exports', { body: {} }),
      429,
      'export_rate_limited',
    );
    expect(busy).toMatchObject({ reason: 'export_in_progress', export_id: first.id });
    await drainJobs(service);
    for (let i = 1; i < 10; i++) {
      await service.advanceClock(60);
      await readyExport(funder);
    }
    await service.advanceClock(60);
    const answer = await service.call(funder.key, 'POST', '/v1/exports', { body: {} });
    const error = expectError(answer, 429, 'export_rate_limited');
    const nextAllowed = new Date(new Date(first.created_at as string).getTime() + 24 * 3600 * 1000);
    expect(error).toMatchObject({ reason: 'daily_limit', next_allowed_at: nextAllowed.toISOString() });
    expect(Number(answer.headers['retry-after'])).toBe(error.retry_after_seconds);
    await service.advanceClock(Number(error.retry_after_seconds));
    await requestExport(funder);
    await drainJobs(service);
  });
});

describe('links and the 24 hours', () => {
  it('a link works for an hour, each answer with links is logged, and after 24 hours the files go and the record stays', async () => {
    const funder = await given.funder();
    await given.routedRequest({ funder });
    const first = await readyExport(funder);
    const file = first.files![0]!;
    expect(new Date(file.url_expires_at).getTime() - Date.parse(await nowIso())).toBeLessThanOrEqual(
      3600 * 1000,
    );
    expect((await download(service, file.url)).status).toBe(200);
    // Altered: another expiry or signature is not the service's link.
    expect(
      (
        await download(
          service,
          file.url.replace(/expires=(\d+)/, (_m, s) => `expires=${Number(s) + 60}`),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await download(
          service,
          file.url.replace(/sig=([0-9a-f])/, (_m, c) => `sig=${c === '0' ? '1' : '0'}`),
        )
      ).status,
    ).toBe(404);

    await service.advanceClock(3601);
    expectError(await download404(file.url), 404, 'not_found');
    const again = await getExport(service, funder.key, first.id);
    expect((await download(service, again.files![0]!.url)).status).toBe(200);
    const logged = await service.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM export_link_log WHERE export_id = $1',
      [first.id],
    );
    expect(logged.rows[0]!.n).toBe(2);

    // Near the end, a link ends with the 24 hours.
    await service.advanceClock(22 * 3600 + 1800);
    const late = await getExport(service, funder.key, first.id);
    expect(late.files![0]!.url_expires_at).toBe(
      new Date(Math.floor(Date.parse(late.expires_at!) / 1000) * 1000).toISOString(),
    );

    await service.advanceClock(1800);
    await drainJobs(service);
    const after = await getExport(service, funder.key, first.id);
    expect(after).toMatchObject({
      status: 'ready',
      download_available: false,
      manifest_sha256: first.manifest_sha256,
    });
    expect(after.files).toBeUndefined();
    expect((await download(service, late.files![0]!.url)).status).toBe(404);
    expect(existsSync(join(dataDir, 'exports', first.id))).toBe(false);
  });
});

describe('links of a suspended funder or a revoked key', () => {
  it('stop working: after the key that obtained a link is revoked it answers 404 while another key’s link works, and after the funder is suspended every link answers 404', async () => {
    const funder = await given.funder();
    const other = await service.given.key({ bankId: funder.bankId, scopes: ['exports:write'] });
    await given.routedRequest({ funder });
    const ready = await readyExport(funder);
    const linkOfFirst = ready.files![0]!.url;
    const linkOfOther = (await getExport(service, other.secret, ready.id)).files![0]!.url;
    expect(linkOfFirst).toContain(`key_id=${funder.keyId}`);
    expect(linkOfOther).toContain(`key_id=${other.id}`);
    expect((await download(service, linkOfFirst)).status).toBe(200);
    expect((await download(service, linkOfOther)).status).toBe(200);
    // Another key named in the link is not the service's link.
    expect((await download(service, linkOfFirst.replace(funder.keyId, other.id))).status).toBe(404);

    const revoked = await service.ops('POST', `/ops/v1/keys/${funder.keyId}/revoke`, { reason: 'leaked' });
    expect(revoked.status).toBe(200);
    expectError(await download404(linkOfFirst), 404, 'not_found');
    expect((await download(service, linkOfOther)).status).toBe(200);

    const suspended = await service.ops('POST', `/ops/v1/funders/${funder.bankId}/status`, {
      status: 'suspended',
      reason: 'security review',
    });
    expect(suspended.status).toBe(200);
    expectError(await download404(linkOfOther), 404, 'not_found');
  });
});

async function nowIso(): Promise<string> {
  return (await service.ops<{ now: string }>('GET', '/ops/v1/clock')).body.now;
}

async function download404(url: string) {
  const response = await service.app.inject({ method: 'GET', url: url.slice(url.indexOf('/v1/')) });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}
