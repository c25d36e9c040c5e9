import { describe, expect, it } from 'vitest';
import { startGiven } from '../../../test/support/service.ts';

const { service } = startGiven({ demoPlane: true });

interface Created {
  webhook: { id: string };
  secret: string;
}

const register = (key: string, url: string, idempotencyKey: string) =>
  service.call<Created>(key, 'POST', '/v1/webhooks', {
    body: { url },
    headers: { 'idempotency-key': idempotencyKey },
  });

const webhookIdsOf = async (key: string) =>
  (await service.call<{ webhooks: { id: string }[] }>(key, 'GET', '/v1/webhooks')).body.webhooks.map(
    (w) => w.id,
  );

/** Two keys of one funder, as two prospects on the demonstration funder or two systems of a bank. */
async function twoKeysOf(environment: 'live' | 'sandbox') {
  if (environment === 'sandbox') {
    // The demonstration plane the file starts on, shared; each test has new keys on it.
    const { bankId } = await service.given.demoFunder();
    const first = await service.given.key({ bankId, prospect: 'first prospect' });
    const second = await service.given.key({ bankId, prospect: 'second prospect' });
    return { bankId, one: first.secret, two: second.secret };
  }
  const first = await service.given.funderWithKey({ environment: 'live' });
  const second = await service.given.key({ bankId: first.bankId });
  return { bankId: first.bankId, one: first.key, two: second.secret };
}

describe.each([
  ['two sandbox keys of the demonstration funder', 'sandbox'],
  ['two keys of one live funder', 'live'],
] as const)('an Idempotency-Key sent by %s', (_, environment) => {
  it('the second key sending the first key’s Idempotency-Key and body gets a webhook and secret of its own', async () => {
    const { one, two } = await twoKeysOf(environment);
    const first = await register(one, 'https://hooks.first-bank.com/in', 'create-hook-1');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await register(two, 'https://hooks.first-bank.com/in', 'create-hook-1');
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.body.webhook.id).not.toBe(first.body.webhook.id);
    expect(second.body.secret).toMatch(/^whsec_/);
    expect(second.body.secret).not.toBe(first.body.secret);
    // The second call was made, not replayed: its endpoint is a real one the second key lists.
    expect(await webhookIdsOf(two)).toContain(second.body.webhook.id);
    expect(await webhookIdsOf(one)).toContain(first.body.webhook.id);

    // Each key's retry still answers its own first answer, secret included.
    const replayOne = await register(one, 'https://hooks.first-bank.com/in', 'create-hook-1');
    const replayTwo = await register(two, 'https://hooks.first-bank.com/in', 'create-hook-1');
    expect(replayOne.headers['idempotent-replayed']).toBe('true');
    expect(replayTwo.headers['idempotent-replayed']).toBe('true');
    expect(replayOne.body).toEqual(first.body);
    expect(replayTwo.body).toEqual(second.body);
  });

  it('the second key sending another body under the first key’s Idempotency-Key is not told the key is used', async () => {
    const { one, two } = await twoKeysOf(environment);
    const first = await register(one, 'https://hooks.first-bank.com/a', 'create-hook-2');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await register(two, 'https://hooks.second-bank.com/b', 'create-hook-2');
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.body.webhook.id).not.toBe(first.body.webhook.id);
  });
});

describe('an Idempotency-Key record', () => {
  it('names the API key that made it, and a record of no key (older than keys in records) answers nobody', async () => {
    const { bankId, one } = await twoKeysOf('live');
    const made = await register(one, 'https://hooks.first-bank.com/c', 'create-hook-3');
    const { rows } = await service.db.query<{ api_key_id: string | null }>(
      'SELECT api_key_id FROM idempotency_keys WHERE funder_id = $1 AND idempotency_key = $2',
      [bankId, 'create-hook-3'],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.api_key_id).not.toBeNull();

    // A record as written before keys were in records: same funder, same value, no key.
    await service.db.query(
      `INSERT INTO idempotency_keys (funder_id, idempotency_key, method, path, body_sha256, state,
                                     write_committed, response_status, response_headers, response_body,
                                     created_at, locked_at, expires_at)
       SELECT funder_id, 'create-hook-4', method, path, body_sha256, 'done', true, response_status,
              response_headers, response_body, created_at, locked_at, expires_at
         FROM idempotency_keys WHERE funder_id = $1 AND idempotency_key = 'create-hook-3'`,
      [bankId],
    );
    const fresh = await register(one, 'https://hooks.first-bank.com/c', 'create-hook-4');
    expect(fresh.status).toBe(201);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(fresh.body.webhook.id).not.toBe(made.body.webhook.id);
  });
});
