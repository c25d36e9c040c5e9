import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { verifyWebhook, type WebhookEvent } from '../../../packages/client/src/index.ts';
import { clientsGiven } from '../../../test/support/clients-given.ts';
import { moveClockToMadrid } from '../../../test/support/clock.ts';
import { drainJobs } from '../../../test/support/exports.ts';
import { type FunderFixture, requestsGiven } from '../../../test/support/requests-fixtures.ts';
import type { TestService } from '../../../test/support/service.ts';
import { limitsAndStatement, requiredDocument } from '../../../test/support/typed-events-walks.ts';
import { startWebhookBench, type WebhookBench } from '../../../test/support/webhook-receiver.ts';
import { addDays, madridDate } from '../../platform/clock.ts';
import type { EventRegistry } from '../../platform/events.ts';
import { PUBLISH_TIME, RUN_TIME } from '../opportunities/opportunities.module.ts';

/**
 * Typed events: a sandbox key's lifecycle, driven through the API and the sandbox helpers, a
 * live key's export built by the worker's job, another live funder's limits, statement and
 * required document (verified, then lapsed as the clock moves past its validity), and the next
 * night's digest published by the worker's jobs as the clock moves, emit every event type of
 * the catalogue; each delivery
 * (through the dispatcher, signature checked) is validated against its type's `data` schema,
 * the one its area declares and the document's `webhooks` section publishes. With
 * RECORD_WEBHOOK_EVENT_EXAMPLES=1 the first delivery of each type is written as the document's
 * example, in the file of recorded deliveries its area keeps (`<area>.events.json`).
 */
interface Hit {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
const hits: Hit[] = [];
let bench: WebhookBench;
let service: TestService;
let dataDir: string;
let given: ReturnType<typeof requestsGiven>;
let clients: ReturnType<typeof clientsGiven>;

beforeAll(async () => {
  // The export's files are written under a directory of the test's own.
  dataDir = await mkdtemp(join(tmpdir(), 'typed-events-data-'));
  bench = await startWebhookBench(
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        hits.push({
          path: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        res.writeHead(200);
        res.end();
      });
    },
    { dataDir },
    { demoPlane: true },
  );
  service = bench.service;
  given = requestsGiven(service);
  clients = clientsGiven(service);
});
afterAll(async () => {
  await bench?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const clockNow = () => service.runtime.clock.now();

type Delivered = WebhookEvent;
/** The signing secret of each endpoint the test made, by the receiver's path. */
const secrets = new Map<string, string>();
const delivered: Delivered[] = [];

/**
 * Delivers what is due through the dispatcher, and checks each new delivery's signature now (the
 * clock moves between batches, and a signature is only good within its tolerance).
 */
async function deliver(): Promise<void> {
  const dispatcher = service.runtime.createDispatcher();
  try {
    await dispatcher.drain();
  } finally {
    await dispatcher.stop();
  }
  for (const hit of hits.splice(0)) {
    const secret = secrets.get(hit.path);
    expect(secret, hit.path).toBeDefined();
    delivered.push(
      verifyWebhook(hit.body, hit.headers['service-signature'] as string, secret!, { now: clockNow() }),
    );
  }
}

async function endpoint(key: string, path: string): Promise<void> {
  const created = await service.call<{ secret: string }>(key, 'POST', '/v1/webhooks', {
    body: { url: `${bench.base}${path}` },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  secrets.set(path, created.body.secret);
}

async function callOk(key: string, method: string, url: string, body?: unknown) {
  const answer = await service.call<Record<string, unknown>>(key, method, url, body ? { body } : {});
  expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
(formatsPlugin as unknown as (ajv: Ajv2020) => void)(ajv);
/** The event types the service's areas declare. */
const registry = (): EventRegistry => service.runtime.services.events;
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

function invalid(event: { type: string; data: unknown }): string | null {
  const schema = registry().get(event.type)?.data;
  if (schema && !validators.has(event.type)) validators.set(event.type, ajv.compile(schema));
  const validate = validators.get(event.type);
  if (!validate) return `${event.type}: no schema`;
  return validate(event.data) ? null : `${event.type}: ${JSON.stringify(validate.errors)}`;
}

/** A sandbox key walks requests, announcements, early payments, onboarding and recourse. */
async function lifecycle(key: string): Promise<void> {
  const today = madridDate(clockNow());
  const call = (method: string, url: string, body?: unknown) => callOk(key, method, url, body);
  const offered = async (body: unknown = {}) => {
    const { request } = (await call('POST', '/v1/sandbox/requests', body)) as { request: { id: string } };
    await call('POST', `/v1/requests/${request.id}/decision`, {
      decision: 'offer',
      rate: 2.5,
      advance_pct: 80,
      days: 60,
    });
    return request.id;
  };
  const funded = await offered();
  await call('POST', `/v1/sandbox/requests/${funded}/accept`);
  await call('POST', `/v1/sandbox/requests/${funded}/debtor-answer`, { answer: 'acknowledged' });
  await call('POST', `/v1/requests/${funded}/decision`, {
    decision: 'fund',
    value_date: today,
    reference: 'TRF-2026-0001',
  });
  await call('POST', `/v1/requests/${funded}/decision`, {
    decision: 'settle',
    amount: 100,
    reference: 'CAMT-0001',
  });
  // Terms replaced by new ones, a raised consent level, a decline, and an offer left to expire.
  const replaced = await offered();
  await call('POST', `/v1/requests/${replaced}/decision`, { decision: 'offer', rate: 2.2, advance_pct: 85 });
  await call('POST', `/v1/requests/${replaced}/consent-level`, {
    level: 'acceptance',
    reason: 'Raised for the typed events',
  });
  await call('POST', `/v1/requests/${replaced}/decision`, { decision: 'decline', reason: 'payer_credit' });
  const lapsing = ((await call('POST', '/v1/sandbox/requests', {})) as { request: { id: string } }).request
    .id;
  await call('POST', `/v1/requests/${lapsing}/decision`, {
    decision: 'offer',
    rate: 2.5,
    advance_pct: 80,
    valid_days: 1,
  });
  await call('POST', `/v1/sandbox/requests/${lapsing}/advance`, { days: 3 });
  const disputed = await offered();
  await call('POST', `/v1/sandbox/requests/${disputed}/accept`);
  await call('POST', `/v1/sandbox/requests/${disputed}/debtor-answer`, { answer: 'disputed' });
  const confidential = await offered({ terms: { disclosure: 'confidential' } });
  await call('POST', `/v1/requests/${confidential}/announce`, { reason: 'Announcing for the typed events' });

  const early = async () =>
    ((await call('POST', '/v1/sandbox/early-payments', { amount: 1000 })) as { id: string }).id;
  const paid = await early();
  await call('POST', `/v1/sandbox/early-payments/${paid}/accept`, {});
  await call('POST', `/v1/early-payments/${paid}/paid`, {
    amount: 980,
    value_date: today,
    reference: 'EP-1',
  });
  await call('POST', `/v1/early-payments/${paid}/repayment`, {
    amount: 400,
    value_date: today,
    reference: 'R-1',
  });
  await call('POST', `/v1/early-payments/${paid}/repayment`, {
    amount: 600,
    value_date: today,
    reference: 'R-2',
  });
  await call('POST', `/v1/sandbox/early-payments/${await early()}/decline`, {});
  await call('POST', `/v1/sandbox/early-payments/${await early()}/withdraw`, {});

  const link = (await call('POST', '/v1/onboarding-links', {
    company_vat: 'ESB40000012',
    country: 'ES',
    contact_email: 'admin@supplier.example',
    return_url: 'https://example.com/back',
    company_name: 'Proveedor de Eventos SL',
    metadata: { crm_id: 'ACME-42', priority: 1 },
  })) as { onboarding_link: { id: string } };
  await call('POST', `/v1/sandbox/onboarding-links/${link.onboarding_link.id}/complete`);

  // Recourse: the demonstration's open claims; one closed by you, one repaid by the seller.
  const claims = ((await call('GET', '/v1/recourse?status=open')) as { claims: Record<string, unknown>[] })
    .claims;
  const recourse = claims.filter((claim) => claim.kind === 'recourse');
  expect(recourse.length).toBeGreaterThanOrEqual(1);
  await call('POST', `/v1/sandbox/recourse/${recourse[0]!.claim_id}/repayment`, {});
  const defaulted = claims.find((claim) => claim.kind === 'debtor_default');
  if (defaulted) {
    await call('POST', `/v1/recourse/${defaulted.claim_id}/close`, {
      status: 'written_off',
      reason: 'Debtor insolvent, claim filed with the administrator',
    });
  }

  // A claim opens on its day: a funded request with recourse, moved past it in the sandbox.
  const recourseTerms = { recourse: 'with', recourse_days: 10 };
  const overdue = await offered({
    terms: recourseTerms,
    invoices: [
      {
        debtor_name: 'Deudor de Eventos SA',
        debtor_tax_id: 'A77009901',
        debtor_country: 'ES',
        amount: 5000,
        due_date: addDays(today, 20),
      },
    ],
  });
  await call('POST', `/v1/sandbox/requests/${overdue}/accept`);
  await call('POST', `/v1/sandbox/requests/${overdue}/debtor-answer`, { answer: 'acknowledged' });
  await call('POST', `/v1/requests/${overdue}/decision`, {
    decision: 'fund',
    value_date: today,
    reference: 'TRF-2026-0002',
  });
  const moved = (await call('POST', `/v1/sandbox/requests/${overdue}/advance`, { days: 30 })) as {
    happened: { claims_opened: unknown[] };
  };
  expect(moved.happened.claims_opened).toHaveLength(1);

  // A debtor of a request funded under confidential terms pays the seller's own account.
  const quiet = await offered({ terms: { disclosure: 'confidential' } });
  await call('POST', `/v1/sandbox/requests/${quiet}/accept`);
  await call('POST', `/v1/requests/${quiet}/decision`, {
    decision: 'fund',
    value_date: today,
    reference: 'TRF-2026-0003',
  });
  await call('POST', `/v1/sandbox/requests/${quiet}/bank-connection`);
  const paidToSeller = (await call('POST', `/v1/sandbox/requests/${quiet}/seller-payment`, {
    amount: 4000,
  })) as { alerts: unknown[] };
  expect(paidToSeller.alerts).toHaveLength(1);
}

/**
 * The seller and the operations team on the live plane: terms rejected, a request withdrawn, and
 * one handed to another funder after terms were sent.
 */
async function liveMoves(funder: FunderFixture): Promise<void> {
  await given.rejectedRequest({ funder });
  await given.cancelledRequest({ funder });
  const offered = await given.offeredRequest({ funder });
  const other = await given.funder();
  await given.sellerMeetsDocumentListOf(other, offered.seller);
  await given.routed(offered, other);
}

/** A live key asks for its export; the worker's job builds it. */
async function liveExport(key: string): Promise<void> {
  const asked = (await callOk(key, 'POST', '/v1/exports', {})) as { export: { id: string } };
  await drainJobs(service);
  const ready = (await callOk(key, 'GET', `/v1/exports/${asked.export.id}`)) as {
    export: { status: string };
  };
  expect(ready.export.status).toBe('ready');
}

/**
 * A live funder's client shares its invoices (through the client link and the operations
 * team's routes); the worker's jobs, as the clock reaches 01:00 and then 06:30 in Madrid, make
 * the night's run and publish the morning's digest, whose new invoice is announced.
 */
async function clientSharing(funder: FunderFixture): Promise<void> {
  const link = await clients.newLink(funder);
  expect(link.status).toBe(201);
  const seller = await given.liveSeller();
  const arrived = await clients.arrive(link.body.client_link.id, {
    company_name: seller.name,
    tax_id: seller.tax_id,
    country: seller.country,
    email: 'admin@company.example',
  });
  expect(arrived.status, JSON.stringify(arrived.body)).toBe(201);
  expect((await clients.accept(arrived.body.invitation.id)).status).toBe(200);
  const shared = await service.ops('POST', '/ops/v1/opportunities/sharing', {
    seller_id: seller.id,
    sharing: true,
  });
  expect(shared.status, JSON.stringify(shared.body)).toBe(200);
  await given.invoice(seller, { amount: 12_000 });
}

async function nextMorning(funder: FunderFixture): Promise<void> {
  await service.runtime.scheduleMaintenance();
  await drainJobs(service);
  const night = addDays(madridDate(clockNow()), 1);
  await moveClockToMadrid(service, night, RUN_TIME);
  await drainJobs(service);
  await moveClockToMadrid(service, night, PUBLISH_TIME);
  await drainJobs(service);
  const morning = (await callOk(funder.key, 'GET', `/v1/opportunities?date=${night}`)) as {
    digest: { new: { count: number } } | null;
  };
  expect(morning.digest?.new.count).toBe(1);
}

describe('typed events', () => {
  it('every event type is emitted, and each delivery matches its type’s schema', async () => {
    const { key } = await service.given.demoFunder();
    await endpoint(key, '/typed');
    await lifecycle(key);
    const hooks = (await callOk(key, 'GET', '/v1/webhooks')) as { webhooks: { id: string }[] };
    await callOk(key, 'POST', `/v1/webhooks/${hooks.webhooks[0]!.id}/test`);
    const live = await given.funder();
    await endpoint(live.key, '/live');
    await liveMoves(live);
    await liveExport(live.key);
    await clientSharing(live);
    // A second live funder: its document list stays out of the first one's digest.
    const books = await given.funder();
    await endpoint(books.key, '/books');
    const { sellerId } = await requiredDocument(service, books);
    await limitsAndStatement(service, books.key, sellerId);
    await deliver();
    await nextMorning(live);
    await deliver();

    const events = delivered;
    const reached = new Set(events.map((event) => event.type));
    expect([...reached].sort()).toEqual([...registry().names].sort());
    expect(events.map(invalid).filter((problem) => problem !== null)).toEqual([]);
    // The client's union is discriminated by `type`: narrowing it types `data`.
    const funded = events.find((event) => event.type === 'request.funded');
    if (funded?.type === 'request.funded') {
      expectTypeOf(funded.data.request.request_ref).toEqualTypeOf<string>();
      expectTypeOf(funded.data.amount).toEqualTypeOf<number>();
      expect(funded.data.request.status).toBe('funded');
    }

    if (process.env.RECORD_WEBHOOK_EVENT_EXAMPLES === '1') {
      // Each area's file holds the first delivery of each of its types, by type.
      const byFile = new Map<string, string[]>();
      for (const entry of registry().entries)
        byFile.set(entry.examples.file, [...(byFile.get(entry.examples.file) ?? []), entry.type]);
      for (const [file, types] of byFile) {
        const first = Object.fromEntries(
          [...types].sort().map((type) => [type, events.find((event) => event.type === type)]),
        );
        writeFileSync(file, `${JSON.stringify(first, null, 2)}\n`);
      }
    }
    // A guard against a hung run, not a measure: the walk makes some sixty calls on a shared machine.
  }, 600_000);

  it('has a recorded example for every event type, valid against its schema, and none for another type', () => {
    const { entries, names } = registry();
    for (const { type, examples } of entries) {
      const example = examples.of(type);
      expect(example, type).toBeDefined();
      expect(example!.type).toBe(type);
      expect(invalid(example!)).toBeNull();
    }
    // A file of recorded deliveries holds only its area's types.
    for (const file of new Set(entries.map((entry) => entry.examples.file))) {
      const recorded = Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object);
      const own = entries.filter((entry) => entry.examples.file === file).map((entry) => entry.type);
      expect(recorded.sort(), file).toEqual([...own].sort());
    }
    expect(names).toEqual(entries.map((entry) => entry.type));
  });
});
