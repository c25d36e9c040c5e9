import { writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { verifyWebhook } from '../../../packages/client/src/index.ts';
import type { TestService } from '../../../test/support/service.ts';
import { startWebhookBench, type WebhookBench } from '../../../test/support/webhook-receiver.ts';
import { madridDate } from '../../platform/clock.ts';
import {
  EVENT_DATA,
  EVENT_EXAMPLES_FILE,
  eventExamples,
  UNREACHED_EVENT_TYPES,
} from '../../platform/http/openapi/webhook-event-data.ts';
import { EVENT_TYPE_NAMES } from './webhooks.event-types.ts';

/**
 * Typed events: a sandbox key's lifecycle, driven through the API and the sandbox, emits every
 * event type those can reach; each delivery (through the dispatcher, signature checked) is
 * validated against its type's `data` schema, the one the document's `webhooks` section
 * publishes. With RECORD_WEBHOOK_EVENT_EXAMPLES=1 the first delivery of each type is written
 * as the document's example (src/platform/http/openapi/webhook-event-examples.json).
 */
interface Hit {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
const hits: Hit[] = [];
let bench: WebhookBench;
let service: TestService;

beforeAll(async () => {
  bench = await startWebhookBench((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      hits.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200);
      res.end();
    });
  });
  service = bench.service;
});
afterAll(() => bench?.close());

const clockNow = () => service.runtime.clock.now();

async function deliver(): Promise<void> {
  const dispatcher = service.runtime.createDispatcher();
  try {
    await dispatcher.drain();
  } finally {
    await dispatcher.stop();
  }
}

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
(formatsPlugin as unknown as (ajv: Ajv2020) => void)(ajv);
const validators = new Map(Object.entries(EVENT_DATA).map(([type, schema]) => [type, ajv.compile(schema)]));

function invalid(event: { type: string; data: unknown }): string | null {
  const validate = validators.get(event.type);
  if (!validate) return `${event.type}: no schema`;
  return validate(event.data) ? null : `${event.type}: ${JSON.stringify(validate.errors)}`;
}

/** A sandbox key walks requests, announcements, early payments, onboarding and recourse. */
async function lifecycle(key: string): Promise<void> {
  const today = madridDate(clockNow());
  const call = async (method: string, url: string, body?: unknown) => {
    const answer = await service.call<Record<string, unknown>>(key, method, url, body ? { body } : {});
    expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body;
  };
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
}

describe('typed events', () => {
  it('every event type the API and the sandbox reach is emitted, and each delivery matches its type’s schema', async () => {
    const { key } = await service.given.sandbox();
    const created = await service.call<{ webhook: { id: string }; secret: string }>(
      key,
      'POST',
      '/v1/webhooks',
      {
        body: { url: `${bench.base}/typed` },
      },
    );
    expect(created.status).toBe(201);
    await lifecycle(key);
    await service.call(key, 'POST', `/v1/webhooks/${created.body.webhook.id}/test`);
    await deliver();

    const events = hits
      .filter((hit) => hit.path === '/typed')
      .map((hit) =>
        verifyWebhook(hit.body, hit.headers['service-signature'] as string, created.body.secret, {
          now: clockNow(),
        }),
      );
    const reached = new Set(events.map((event) => event.type));
    expect([...reached].sort()).toEqual(
      EVENT_TYPE_NAMES.filter((type) => !(type in UNREACHED_EVENT_TYPES)).sort(),
    );
    expect(events.map(invalid).filter((problem) => problem !== null)).toEqual([]);
    // The client's union is discriminated by `type`: narrowing it types `data`.
    const funded = events.find((event) => event.type === 'request.funded');
    if (funded?.type === 'request.funded') {
      expectTypeOf(funded.data.request.request_ref).toEqualTypeOf<string>();
      expectTypeOf(funded.data.amount).toEqualTypeOf<number>();
      expect(funded.data.request.status).toBe('funded');
    }

    if (process.env.RECORD_WEBHOOK_EVENT_EXAMPLES === '1') {
      const first = Object.fromEntries(
        [...reached].sort().map((type) => [type, events.find((event) => event.type === type)]),
      );
      writeFileSync(EVENT_EXAMPLES_FILE, `${JSON.stringify(first, null, 2)}\n`);
    }
    // A guard against a hung run, not a measure: the walk makes some sixty calls on a shared machine.
  }, 600_000);

  it('has a schema for every event type, and a recorded example, valid against it, for every type reached', () => {
    expect(Object.keys(EVENT_DATA).sort()).toEqual([...EVENT_TYPE_NAMES].sort());
    const examples = eventExamples();
    for (const type of EVENT_TYPE_NAMES) {
      if (type in UNREACHED_EVENT_TYPES) continue;
      const example = examples[type];
      expect(example, type).toBeDefined();
      expect(example!.type).toBe(type);
      expect(invalid(example!)).toBeNull();
    }
  });
});
