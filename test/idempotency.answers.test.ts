import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { madridDate } from '../src/platform/clock.ts';
import { secretBox } from '../src/platform/crypto.ts';
import { demoSecretsKey, startService, type TestService } from './support/service.ts';

/**
 * A keyed write's answer is the result of its last write: the write's own transaction completes
 * its Idempotency-Key with the answer the call then sends (platform/write.ts), so a server that
 * dies between the commit and the answer leaves a key that answers, never one that stays
 * `running` with its write done.
 *
 * What the write's transaction kept is caught where it happens: a trigger of this test's own
 * database fires on every UPDATE that sets `write_committed` (the write's own update of the key;
 * the answer recorded once sent does not set that column) and copies the row as that update left
 * it into a side table. Its row is there only if the write committed. Each call below is sent
 * once with a fresh key; its last write's copy must hold the answer sent, status and body byte
 * for byte (a sealed answer, one showing a secret once, is opened with the service's key).
 */
const secretsKey = demoSecretsKey();
const box = secretBox(secretsKey);
let service: TestService;
let sandboxKey: string;
let liveKey: string;
let liveBank: string;

beforeAll(async () => {
  service = await startService({ demoPlane: true, secretsKey, config: { webhookAllowLoopback: true } });
  await service.db.exec(`
    CREATE TABLE idempotency_test_kept (
      seq bigserial PRIMARY KEY,
      idempotency_key text NOT NULL,
      state text NOT NULL,
      response_status integer,
      response_body text
    );
    CREATE FUNCTION idempotency_test_keep() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
    BEGIN
      INSERT INTO idempotency_test_kept (idempotency_key, state, response_status, response_body)
        VALUES (NEW.idempotency_key, NEW.state, NEW.response_status, NEW.response_body);
      RETURN NULL;
    END $$;
    CREATE TRIGGER idempotency_test_keep AFTER UPDATE OF write_committed ON idempotency_keys
      FOR EACH ROW EXECUTE FUNCTION idempotency_test_keep();
  `);
  sandboxKey = (await service.given.demoFunder()).key;
  const live = await service.given.funderWithKey();
  liveKey = live.key;
  liveBank = live.bankId;
  const origins = await service.ops('PUT', `/ops/v1/funders/${liveBank}/return-origins`, {
    origins: ['https://erp.funder.example'],
  });
  expect(origins.status).toBe(200);
});
afterAll(async () => service?.close());

type Body = Record<string, unknown>;
interface Sent {
  status: number;
  /** The body as sent, byte for byte. */
  raw: string;
  body: Body;
  idempotencyKey: string;
}

/** Sends one call with a fresh Idempotency-Key; a JSON body, or a raw payload with its type. */
async function send(
  key: string,
  method: 'POST' | 'PUT',
  url: string,
  body?: Body | { payload: string; type: string },
): Promise<Sent> {
  const idempotencyKey = `answers-${randomBytes(8).toString('hex')}`;
  const raw = body && 'payload' in body;
  const response = await service.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${key}`,
      'idempotency-key': idempotencyKey,
      ...(body === undefined ? {} : { 'content-type': raw ? String(body.type) : 'application/json' }),
    },
    payload: body === undefined ? undefined : raw ? String(body.payload) : JSON.stringify(body),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return { status: response.statusCode, raw: response.body, body: response.json(), idempotencyKey };
}

/** What the call's last write kept with its key, in its own transaction (null: no write did). */
async function keptWithWrite(sent: Sent) {
  const { rows } = await service.db.query<{
    state: string;
    response_status: number | null;
    response_body: string | null;
  }>(
    `SELECT state, response_status, response_body FROM idempotency_test_kept
      WHERE idempotency_key = $1 ORDER BY seq DESC LIMIT 1`,
    [sent.idempotencyKey],
  );
  const row = rows[0];
  if (!row) return null;
  const body = row.response_body?.startsWith('sealed:')
    ? box.open(row.response_body.slice('sealed:'.length))
    : row.response_body;
  return { state: row.state, status: row.response_status, body, sealed: body !== row.response_body };
}

/** The call's last write kept exactly the answer sent. */
async function expectKeptWithWrite(sent: Sent, sealed = false) {
  expect(await keptWithWrite(sent)).toEqual({ state: 'done', status: sent.status, body: sent.raw, sealed });
}

describe('a keyed sandbox helper keeps its answer with its write', () => {
  let requestId: string;
  it('POST /v1/sandbox/requests', async () => {
    const sent = await send(sandboxKey, 'POST', '/v1/sandbox/requests');
    expect(sent.status).toBe(201);
    requestId = (sent.body.request as { id: string }).id;
    await expectKeptWithWrite(sent);
  });

  it('POST /v1/requests/{id}/decision, an offer (its result was already its answer)', async () => {
    const sent = await send(sandboxKey, 'POST', `/v1/requests/${requestId}/decision`, {
      decision: 'offer',
      rate: 2.5,
      advance_pct: 80,
      days: 60,
    });
    expect(sent.status).toBe(201);
    await expectKeptWithWrite(sent);
  });

  it('POST /v1/sandbox/requests/{id}/accept', async () => {
    const sent = await send(sandboxKey, 'POST', `/v1/sandbox/requests/${requestId}/accept`);
    expect((sent.body.request as { status: string }).status).toBe('approved');
    await expectKeptWithWrite(sent);
  });

  it('POST /v1/sandbox/requests/{id}/debtor-answer', async () => {
    const sent = await send(sandboxKey, 'POST', `/v1/sandbox/requests/${requestId}/debtor-answer`, {
      answer: 'acknowledged',
    });
    await expectKeptWithWrite(sent);
  });

  it('POST /v1/sandbox/requests/{id}/parties', async () => {
    const sent = await send(sandboxKey, 'POST', `/v1/sandbox/requests/${requestId}/parties`, {
      seller_verification: 'approved',
    });
    await expectKeptWithWrite(sent);
  });

  it('POST /v1/sandbox/requests/{id}/advance (several writes: the last one keeps the answer)', async () => {
    const sent = await send(sandboxKey, 'POST', `/v1/sandbox/requests/${requestId}/advance`, { days: 30 });
    expect((sent.body.time as { days_advanced: number }).days_advanced).toBe(30);
    await expectKeptWithWrite(sent);
  });
});

describe("a keyed write of the clients' area keeps its answer with its write", () => {
  let linkId: string;
  let prescriberId: string;
  let onboardingId: string;

  it('POST /v1/client-links', async () => {
    const sent = await send(liveKey, 'POST', '/v1/client-links', {});
    expect(sent.status).toBe(201);
    linkId = (sent.body.client_link as { id: string }).id;
    await expectKeptWithWrite(sent);
  });

  it('POST /v1/client-links/{id}/disable, changing it and then not', async () => {
    const first = await send(liveKey, 'POST', `/v1/client-links/${linkId}/disable`, { reason: 'Old link' });
    expect(first.body.changed).toBe(true);
    await expectKeptWithWrite(first);
    const again = await send(liveKey, 'POST', `/v1/client-links/${linkId}/disable`, {});
    expect(again.body.changed).toBe(false);
    await expectKeptWithWrite(again);
  });

  it('POST /v1/prescribers', async () => {
    const sent = await send(liveKey, 'POST', '/v1/prescribers', { name: 'Gestoría Answers' });
    expect(sent.status).toBe(201);
    prescriberId = (sent.body.prescriber as { id: string }).id;
    await expectKeptWithWrite(sent);
  });

  it('POST /v1/prescribers/{id}/disable', async () => {
    const sent = await send(liveKey, 'POST', `/v1/prescribers/${prescriberId}/disable`, {});
    expect(sent.body.changed).toBe(true);
    await expectKeptWithWrite(sent);
  });

  it('POST /v1/onboarding-links (sealed: it shows the return secret once)', async () => {
    const sent = await send(liveKey, 'POST', '/v1/onboarding-links', {
      company_vat: 'ESB12345678',
      country: 'ES',
      contact_email: 'admin@supplier.example',
      return_url: 'https://erp.funder.example/onboarding/done',
      company_name: 'Suministros Norte, S.L.',
    });
    expect(sent.status).toBe(201);
    onboardingId = (sent.body.onboarding_link as { id: string }).id;
    await expectKeptWithWrite(sent, true);
  });

  it('POST /v1/onboarding-links/{id}/revoke', async () => {
    const sent = await send(liveKey, 'POST', `/v1/onboarding-links/${onboardingId}/revoke`, {});
    expect(sent.body.changed).toBe(true);
    await expectKeptWithWrite(sent);
  });

  describe('on the demonstration plane', () => {
    let sandboxLink: string;
    let invitations: string[];
    const company = (n: number) => ({
      company_name: `Compañía Answers ${n} SL`,
      tax_id: `B8${String(n).padStart(7, '0')}`,
      country: 'ES',
      email: `admin${n}@answers.example`,
    });

    it('POST /v1/sandbox/client-links/{id}/arrivals', async () => {
      const link = await send(sandboxKey, 'POST', '/v1/client-links', { replace: true });
      sandboxLink = (link.body.client_link as { id: string }).id;
      invitations = [];
      for (const n of [1, 2]) {
        const sent = await send(
          sandboxKey,
          'POST',
          `/v1/sandbox/client-links/${sandboxLink}/arrivals`,
          company(n),
        );
        expect(sent.status).toBe(201);
        invitations.push((sent.body.invitation as { id: string }).id);
        await expectKeptWithWrite(sent);
      }
    });

    it('POST /v1/sandbox/client-invitations/{id}/accept', async () => {
      const sent = await send(sandboxKey, 'POST', `/v1/sandbox/client-invitations/${invitations[0]}/accept`);
      expect((sent.body.invitation as { state: string }).state).toBe('accepted');
      await expectKeptWithWrite(sent);
    });

    it('POST /v1/client-invitations/{id}/revoke', async () => {
      const sent = await send(sandboxKey, 'POST', `/v1/client-invitations/${invitations[1]}/revoke`, {});
      expect(sent.body.changed).toBe(true);
      await expectKeptWithWrite(sent);
    });
  });
});

describe('other keyed writes keep their answer with their write', () => {
  it('POST /v1/statements', async () => {
    const today = madridDate(service.runtime.clock.now());
    const csv = `Date,Description,Amount\n${today},Answers ${randomBytes(4).toString('hex')},10.00\n`;
    const sent = await send(liveKey, 'POST', '/v1/statements?kind=csv&file_name=answers.csv', {
      payload: csv,
      type: 'text/csv',
    });
    expect(sent.status).toBe(201);
    await expectKeptWithWrite(sent);
  });

  it('POST /v1/webhooks (sealed: it shows the signing secret once)', async () => {
    const sent = await send(liveKey, 'POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/answers' });
    expect(sent.status).toBe(201);
    await expectKeptWithWrite(sent, true);
  });

  it('PUT /v1/settings', async () => {
    const sent = await send(liveKey, 'PUT', '/v1/settings', {
      require_counsel_approved_texts: true,
      reason: 'Counsel asked for it',
    });
    await expectKeptWithWrite(sent);
  });
});

describe('the trigger this test reads by', () => {
  it('copies nothing for a call that only reads, nor for the answer recorded once sent', async () => {
    const before = await service.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM idempotency_test_kept',
    );
    const refused = await service.app.inject({
      method: 'POST',
      url: '/v1/client-links/00000000-0000-4000-8000-000000000000/disable',
      headers: {
        authorization: `Bearer ${liveKey}`,
        'idempotency-key': `answers-${randomBytes(8).toString('hex')}`,
        'content-type': 'application/json',
      },
      payload: '{}',
    });
    expect(refused.statusCode).toBe(404);
    const after = await service.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM idempotency_test_kept',
    );
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});
