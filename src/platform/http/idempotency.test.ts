import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../../../test/support/database.ts';
import { errorCode as code } from '../../../test/support/errors.ts';
import {
  type FunderFixture,
  type RequestsGiven,
  requestsGiven,
} from '../../../test/support/requests-fixtures.ts';
import { startGiven, startService, type TestService } from '../../../test/support/service.ts';
import { canonicalJson } from '../canonical-json.ts';
import { sha256Hex } from '../crypto.ts';
import type { Db } from '../db/db.ts';

const { service, given } = startGiven();

type Body = Record<string, unknown>;

const settle = (funder: FunderFixture, request: { id: string }, body: Body, key?: string) =>
  service.call<Body>(funder.key, 'POST', `/v1/requests/${request.id}/decision`, {
    body: { decision: 'settle', ...body },
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

const putSettings = (funder: FunderFixture, body: Body, key?: string) =>
  service.call<Body>(funder.key, 'PUT', '/v1/settings', {
    body,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

/** What the settlements of a request add up to, as stored and as the funder reads it. */
async function moneyOf(funder: FunderFixture, request: { id: string }) {
  const { rows } = await service.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM settlements WHERE request_id = $1',
    [request.id],
  );
  const events = await service.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM outbox_events WHERE type = 'settlement.recorded' AND payload->>'request_id' = $1`,
    [request.id],
  );
  const packet = await service.call<{ request: { settled_amount: number; status: string } }>(
    funder.key,
    'GET',
    `/v1/requests/${request.id}`,
  );
  return {
    settlements: rows[0]!.n,
    events: events.rows[0]!.n,
    settled_amount: packet.body.request.settled_amount,
    status: packet.body.request.status,
  };
}

const newKey = () => `settle-${Math.random().toString(36).slice(2)}-${Date.now()}`;

describe('Idempotency-Key', () => {
  it('without a key, the same settlement sent twice is recorded twice', async () => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder, invoices: [{ amount: 10_000 }] });
    await settle(funder, request, { amount: 1_000 });
    await settle(funder, request, { amount: 1_000 });
    expect(await moneyOf(funder, request)).toMatchObject({ settlements: 2, settled_amount: 2_000 });
  });

  it('the same key and body within 24 hours answer the first answer again, and the money counts once', async () => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder, invoices: [{ amount: 10_000 }] });
    const key = newKey();
    const first = await settle(funder, request, { amount: 1_000, reference: 'CAMT-1' }, key);
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    await service.advanceClock(3_600);
    const again = await settle(funder, request, { amount: 1_000, reference: 'CAMT-1' }, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(String(again.headers['content-type'])).toContain('application/json');
    expect(await moneyOf(funder, request)).toEqual({
      settlements: 1,
      events: 1,
      settled_amount: 1_000,
      status: 'funded',
    });
  });

  it('the order of the members of the body does not make it another body', async () => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder, invoices: [{ amount: 10_000 }] });
    const key = newKey();
    const first = await service.call(funder.key, 'POST', `/v1/requests/${request.id}/decision`, {
      payload: '{"decision":"settle","amount":500,"reference":"CAMT-9"}',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
    });
    const again = await service.call(funder.key, 'POST', `/v1/requests/${request.id}/decision`, {
      payload: '{ "reference": "CAMT-9", "amount": 500, "decision": "settle" }',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
    });
    expect(first.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await moneyOf(funder, request)).settlements).toBe(1);
  });

  it('an offer sent twice with one key makes one offer and answers 201 both times', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    const key = newKey();
    const offer = () =>
      service.call(funder.key, 'POST', `/v1/requests/${request.id}/decision`, {
        body: { decision: 'offer', rate: 2.5, advance_pct: 80 },
        headers: { 'idempotency-key': key },
      });
    const first = await offer();
    const again = await offer();
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    const { rows } = await service.db.query('SELECT id FROM offers WHERE request_id = $1', [request.id]);
    expect(rows).toHaveLength(1);
  });

  it('PUT /v1/settings with the same key answers the first answer again and changes the settings once', async () => {
    const funder = await given.funder();
    const key = newKey();
    const body = { debtor_consent_level: 'acceptance', reason: 'Insurer asks for acceptance.' };
    const first = await putSettings(funder, body, key);
    expect(first.status).toBe(200);
    expect(first.body.changed).toBe(true);
    const again = await putSettings(funder, body, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const fresh = await putSettings(funder, body);
    expect(fresh.body.changed).toBe(false);
    const { rows } = await service.db.query(
      `SELECT 1 FROM evidence_entries WHERE funder_id = $1 AND kind = 'settings.changed'`,
      [funder.bankId],
    );
    expect(rows).toHaveLength(1);
  });

  it('the same key with another body is refused with idempotency_key_reused and records nothing', async () => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder, invoices: [{ amount: 10_000 }] });
    const key = newKey();
    expect((await settle(funder, request, { amount: 1_000 }, key)).status).toBe(200);
    const other = await settle(funder, request, { amount: 2_000 }, key);
    expect(other.status).toBe(422);
    expect(code(other)).toBe('idempotency_key_reused');
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await moneyOf(funder, request)).toMatchObject({ settlements: 1, settled_amount: 1_000 });
  });

  it('the same key on another request or another endpoint is refused with idempotency_key_reused', async () => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder });
    const second = await given.fundedRequest({ funder });
    const key = newKey();
    expect((await settle(funder, request, { amount: 100 }, key)).status).toBe(200);
    const elsewhere = await settle(funder, second, { amount: 100 }, key);
    expect(code(elsewhere)).toBe('idempotency_key_reused');
    const settings = await putSettings(
      funder,
      { debtor_consent_level: 'acceptance', reason: 'Insurer asks.' },
      key,
    );
    expect(code(settings)).toBe('idempotency_key_reused');
    expect((await moneyOf(funder, second)).settlements).toBe(0);
  });

  it('another funder may use the same key string independently', async () => {
    const first = await given.funder();
    const second = await given.funder();
    const mine = await given.fundedRequest({ funder: first });
    const theirs = await given.fundedRequest({ funder: second });
    const key = 'payment-2026-11-0001';
    const a = await settle(first, mine, { amount: 100 }, key);
    const b = await settle(second, theirs, { amount: 250 }, key);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.body).toMatchObject({ request_id: theirs.id, amount: 250 });
    expect((await moneyOf(second, theirs)).settled_amount).toBe(250);
  });

  it('after 24 hours the key may be used again, and the call is done again', async () => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder, invoices: [{ amount: 10_000 }] });
    const key = newKey();
    await settle(funder, request, { amount: 1_000 }, key);
    await service.advanceClock(86_000);
    const within = await settle(funder, request, { amount: 1_000 }, key);
    expect(within.headers['idempotent-replayed']).toBe('true');
    expect((await moneyOf(funder, request)).settled_amount).toBe(1_000);

    await service.advanceClock(401);
    const after = await settle(funder, request, { amount: 1_000 }, key);
    expect(after.status).toBe(200);
    expect(after.headers['idempotent-replayed']).toBeUndefined();
    expect(after.body.settled_amount).toBe(2_000);
    const reused = await settle(funder, request, { amount: 3_000 }, key);
    expect(code(reused)).toBe('idempotency_key_reused');

    await service.advanceClock(86_401);
    const otherBody = await settle(funder, request, { amount: 3_000 }, key);
    expect(otherBody.status).toBe(200);
    expect(await moneyOf(funder, request)).toMatchObject({ settlements: 3, settled_amount: 5_000 });
  });

  it.each([
    ['with spaces', 'my key 1'],
    ['longer than 255 characters', 'k'.repeat(256)],
    ['with a character outside visible ASCII', 'clé-1'],
  ])('a key %s is refused with idempotency_key_invalid and nothing is done', async (_name, key) => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder });
    const answer = await service.call(funder.key, 'POST', `/v1/requests/${request.id}/decision`, {
      body: { decision: 'settle', amount: 100 },
      headers: { 'idempotency-key': Buffer.from(key, 'utf8').toString('latin1') },
    });
    expect(answer.status).toBe(422);
    expect(code(answer)).toBe('idempotency_key_invalid');
    expect((await moneyOf(funder, request)).settlements).toBe(0);
  });

  it('a key of 255 visible characters is taken', async () => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder });
    const key = `${'k'.repeat(250)}-!~#$`;
    expect(key).toHaveLength(255);
    expect((await settle(funder, request, { amount: 100 }, key)).status).toBe(200);
    expect((await settle(funder, request, { amount: 100 }, key)).headers['idempotent-replayed']).toBe('true');
  });

  it('a body its schema refuses is answered again each time, never stored: nothing ran', async () => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder, invoices: [{ amount: 10_000 }] });
    const key = newKey();
    const refused = await settle(funder, request, { amount: 10_000.001 }, key);
    expect(refused.status).toBe(422);
    expect(code(refused)).toBe('invalid_amount');
    const again = await settle(funder, request, { amount: 10_000.001 }, key);
    expect(again.status).toBe(422);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    // The key was not spent on the refused body: the corrected call goes through with it.
    const corrected = await settle(funder, request, { amount: 100 }, key);
    expect(corrected.status).toBe(200);
    expect((await moneyOf(funder, request)).settlements).toBe(1);
  });

  it('an answer refused by the handler (4xx) is replayed as it was, even once the call would succeed', async () => {
    const funder = await given.funder();
    const key = newKey();
    const approved = await given.approvedRequest({ funder, debtorsAcknowledged: true });
    const early = await settle(funder, approved, { amount: 100 }, `${key}-early`);
    expect(code(early)).toBe('invalid_state');
    const today = await given.today();
    await service.call(funder.key, 'POST', `/v1/requests/${approved.id}/decision`, {
      body: { decision: 'fund', value_date: today, reference: 'TRF-IDEM' },
    });
    const replayed = await settle(funder, approved, { amount: 100 }, `${key}-early`);
    expect(replayed.status).toBe(409);
    expect(replayed.body).toEqual(early.body);
    expect((await moneyOf(funder, approved)).settlements).toBe(0);
  });

  it('a body refused before the handler (schema) is not kept: the key stays free', async () => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder });
    const key = newKey();
    const broken = await service.call(funder.key, 'POST', `/v1/requests/${request.id}/decision`, {
      payload: '{"decision": "settle", "amount": ',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
    });
    expect(broken.status).toBe(422);
    const good = await settle(funder, request, { amount: 100 }, key);
    expect(good.status).toBe(200);
    expect(good.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('a retry while the first call runs', () => {
  /** The row a first call still running leaves behind. */
  async function runningKey(
    funder: FunderFixture,
    request: { id: string },
    key: string,
    body: Body,
    options: { lockedSecondsAgo: number; writeCommitted: boolean },
  ) {
    const now = await given.now();
    await service.db.query(
      `INSERT INTO idempotency_keys (funder_id, api_key_id, idempotency_key, method, path, body_sha256, state,
                                     write_committed, created_at, locked_at, expires_at)
       VALUES ($1, $8, $2, 'POST', $3, $4, 'running', $5, $6, $7, $6::timestamptz + interval '24 hours')`,
      [
        funder.bankId,
        key,
        `/v1/requests/${request.id}/decision`,
        sha256Hex(canonicalJson(body)),
        options.writeCommitted,
        now,
        new Date(now.getTime() - options.lockedSecondsAgo * 1000),
        funder.keyId,
      ],
    );
  }

  it('is refused with idempotency_key_in_use and does nothing', async () => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder });
    const key = newKey();
    await runningKey(
      funder,
      request,
      key,
      { decision: 'settle', amount: 100 },
      { lockedSecondsAgo: 5, writeCommitted: false },
    );
    const answer = await settle(funder, request, { amount: 100 }, key);
    expect(answer.status).toBe(409);
    expect(code(answer)).toBe('idempotency_key_in_use');
    expect((await moneyOf(funder, request)).settlements).toBe(0);
  });

  it('takes over a run abandoned for more than two minutes before its write committed', async () => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder });
    const key = newKey();
    await runningKey(
      funder,
      request,
      key,
      { decision: 'settle', amount: 100 },
      { lockedSecondsAgo: 121, writeCommitted: false },
    );
    const answer = await settle(funder, request, { amount: 100 }, key);
    expect(answer.status).toBe(200);
    expect((await moneyOf(funder, request)).settlements).toBe(1);
    expect((await settle(funder, request, { amount: 100 }, key)).headers['idempotent-replayed']).toBe('true');
  });

  it('never repeats an abandoned run whose write committed', async () => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder });
    const key = newKey();
    await runningKey(
      funder,
      request,
      key,
      { decision: 'settle', amount: 100 },
      { lockedSecondsAgo: 3_600, writeCommitted: true },
    );
    const answer = await settle(funder, request, { amount: 100 }, key);
    expect(answer.status).toBe(409);
    expect(code(answer)).toBe('idempotency_key_in_use');
    expect((await moneyOf(funder, request)).settlements).toBe(0);
  });

  it('two identical settlements sent at once with one key are recorded once', async () => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder, invoices: [{ amount: 10_000 }] });
    const key = newKey();
    const answers = await Promise.all([
      settle(funder, request, { amount: 1_500 }, key),
      settle(funder, request, { amount: 1_500 }, key),
    ]);
    const done = answers.filter((a) => a.status === 200 && a.headers['idempotent-replayed'] === undefined);
    const others = answers.filter((a) => !done.includes(a));
    expect(done).toHaveLength(1);
    expect(others).toHaveLength(1);
    const other = others[0]!;
    if (other.status === 200) {
      expect(other.headers['idempotent-replayed']).toBe('true');
      expect(other.body).toEqual(done[0]!.body);
    } else {
      expect(other.status).toBe(409);
      expect(code(other)).toBe('idempotency_key_in_use');
    }
    expect(await moneyOf(funder, request)).toMatchObject({
      settlements: 1,
      events: 1,
      settled_amount: 1_500,
    });
  });
});

describe('a server error', () => {
  it('frees the key, so the same call can be sent again and is done', async () => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder });
    const key = newKey();
    // A fault inside the database, for this request only: the write fails and rolls back.
    await service.db.exec(`
      CREATE FUNCTION idempotency_test_fault() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.request_id = '${request.id}' THEN RAISE EXCEPTION 'injected fault'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER idempotency_test_fault BEFORE INSERT ON settlements
        FOR EACH ROW EXECUTE FUNCTION idempotency_test_fault();`);
    let failed: Awaited<ReturnType<typeof settle>>;
    try {
      failed = await settle(funder, request, { amount: 100 }, key);
    } finally {
      await service.db.exec(`
        DROP TRIGGER idempotency_test_fault ON settlements;
        DROP FUNCTION idempotency_test_fault();`);
    }
    expect(failed.status).toBe(500);
    expect(code(failed)).toBe('internal_error');
    const { rows } = await service.db.query(
      'SELECT 1 FROM idempotency_keys WHERE funder_id = $1 AND idempotency_key = $2',
      [funder.bankId, key],
    );
    expect(rows).toHaveLength(0);

    const retried = await settle(funder, request, { amount: 100 }, key);
    expect(retried.status).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect((await moneyOf(funder, request)).settlements).toBe(1);
  });
});

describe('a first call slowed past its lease', () => {
  /** A database whose next transaction waits, before it begins, until the test lets it go. */
  function gatedDatabase(inner: Db) {
    let gate: { reached: () => void; released: Promise<void> } | null = null;
    const db: Db = {
      kind: inner.kind,
      query: (sql, params, options) => inner.query(sql, params, options),
      exec: (sql) => inner.exec(sql),
      close: () => inner.close(),
      async transaction(fn) {
        if (gate) {
          const held = gate;
          gate = null;
          held.reached();
          await held.released;
        }
        return inner.transaction(fn);
      },
    };
    const holdNextTransaction = () => {
      let release!: () => void;
      let reached!: () => void;
      const isReached = new Promise<void>((resolve) => {
        reached = resolve;
      });
      gate = { reached, released: new Promise<void>((resolve) => (release = resolve)) };
      return { reached: isReached, release };
    };
    return { db, holdNextTransaction };
  }

  let slowed: TestService;
  let slowedGiven: RequestsGiven;
  let gated: ReturnType<typeof gatedDatabase>;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase();
    gated = gatedDatabase(database.db);
    slowed = await startService({ database: { ...database, db: gated.db } });
    slowedGiven = requestsGiven(slowed);
  });
  afterAll(async () => {
    await slowed?.close();
    await database?.drop();
  });

  it('cannot commit its write once a retry took its key over: the settlement is recorded once', async () => {
    const funder = await slowedGiven.funder();
    const request = await slowedGiven.fundedRequest({ funder, invoices: [{ amount: 10_000 }] });
    const key = newKey();
    const send = () =>
      slowed.call<Body>(funder.key, 'POST', `/v1/requests/${request.id}/decision`, {
        body: { decision: 'settle', amount: 1_000 },
        headers: { 'idempotency-key': key },
      });
    const settlements = async () =>
      (
        await slowed.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM settlements WHERE request_id = $1',
          [request.id],
        )
      ).rows[0]!.n;

    // The first call claims the key, then stalls before its write's transaction begins.
    const hold = gated.holdNextTransaction();
    const first = send();
    await hold.reached;

    // Its lease runs out; the retry takes the key over and does the work.
    await slowed.advanceClock(121);
    const retry = await send();
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await settlements()).toBe(1);

    // The first call wakes up: its write finds the key fenced and rolls back whole.
    hold.release();
    const late = await first;
    expect(late.status).toBe(409);
    expect(code(late)).toBe('idempotency_key_in_use');
    expect(await settlements()).toBe(1);
    const evidence = await slowed.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM evidence_entries WHERE subject_id = $1 AND kind LIKE 'settlement%'`,
      [request.id],
    );
    expect(evidence.rows[0]!.n).toBeLessThanOrEqual(1);

    // The key answers the retry's answer from now on, not the late call's refusal.
    const replay = await send();
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(retry.body);
  });
});
