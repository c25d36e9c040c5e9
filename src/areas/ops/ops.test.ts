import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/support/errors.ts';
import { startGiven, startService, type TestService } from '../../../test/support/service.ts';

type Funder = { bank_id: string; name: string; environment: string; status: string; created_at: string };
type Key = {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  created_at: string;
  expires_at: string | null;
  prospect: string | null;
  bank_id: string;
  revoked_at: string | null;
  rate_limit: { per_minute: number | null; per_hour: number | null };
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

const { service } = startGiven();

async function clockNow(): Promise<Date> {
  const answer = await service.ops<{ now: string; manual: boolean }>('GET', '/ops/v1/clock');
  expect(answer.status).toBe(200);
  return new Date(answer.body.now);
}

const issue = (body: Record<string, unknown>) =>
  service.ops<{ key: Key; secret: string }>('POST', '/ops/v1/keys', body);

describe('the operator token', () => {
  const tampered = () => {
    const token = service.opsToken;
    return `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;
  };
  it.each([
    ['no token', () => null],
    ['a wrong token', () => 'Bearer ops_not-the-right-token-at-all-000000'],
    ['the right token with its last character changed', () => `Bearer ${tampered()}`],
    ['the right token under another scheme', () => `Basic ${service.opsToken}`],
  ])('a call with %s is refused with unauthorized', async (_what, header) => {
    const authorization = header();
    const answer = await service.call(null, 'GET', '/ops/v1/funders', {
      headers: authorization ? { authorization } : {},
    });
    expectError(answer, 401, 'unauthorized');
  });

  it('a funder’s API key does not open the operations API', async () => {
    const { key } = await service.given.funderWithKey();
    expectError(await service.call(key, 'GET', '/ops/v1/funders'), 401, 'unauthorized');
    expectError(
      await service.call(key, 'POST', '/ops/v1/funders', { body: { name: 'Mine', environment: 'live' } }),
      401,
      'unauthorized',
    );
  });

  it('the operator token does not open the funder API', async () => {
    expectError(await service.call(service.opsToken, 'GET', '/v1/me'), 401, 'unauthorized');
  });
});

describe('funders', () => {
  it('creating a funder answers 201 with the funder, active, created at the service’s time', async () => {
    const now = await clockNow();
    const answer = await service.ops<{ funder: Funder }>('POST', '/ops/v1/funders', {
      name: '  Banco Ejemplo  ',
      environment: 'live',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      funder: {
        bank_id: expect.stringMatching(UUID),
        name: 'Banco Ejemplo',
        environment: 'live',
        status: 'active',
        created_at: now.toISOString(),
      },
    });
    const read = await service.ops('GET', `/ops/v1/funders/${answer.body.funder.bank_id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(answer.body);
    const list = await service.ops<{ funders: Funder[] }>('GET', '/ops/v1/funders');
    expect(list.body.funders).toContainEqual(answer.body.funder);
  });

  it.each(['live', 'sandbox', 'unclassified'])(
    'a funder can be created in the environment %s',
    async (env) => {
      const answer = await service.ops<{ funder: Funder }>('POST', '/ops/v1/funders', {
        name: `Funder ${env}`,
        environment: env,
      });
      expect(answer.status).toBe(201);
      expect(answer.body.funder.environment).toBe(env);
    },
  );

  it.each([
    ['an unknown environment', { name: 'Banco', environment: 'production' }],
    ['no environment', { name: 'Banco' }],
    ['no name', { environment: 'live' }],
    ['an empty name', { name: '', environment: 'live' }],
    ['a name of spaces only', { name: '   ', environment: 'live' }],
    ['a name over 200 characters', { name: 'x'.repeat(201), environment: 'live' }],
  ])('creating a funder with %s is refused with body_invalid', async (_what, body) => {
    const before = (await service.ops<{ funders: Funder[] }>('GET', '/ops/v1/funders')).body.funders.length;
    expectError(await service.ops('POST', '/ops/v1/funders', body), 422, 'body_invalid');
    const after = (await service.ops<{ funders: Funder[] }>('GET', '/ops/v1/funders')).body.funders.length;
    expect(after).toBe(before);
  });

  it('classifying a funder changes its environment once; the same classification again changes nothing', async () => {
    const funder = await service.given.funderAccount({ environment: 'unclassified' });
    const first = await service.ops('POST', `/ops/v1/funders/${funder.bank_id}/classify`, {
      environment: 'live',
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      funder: { ...funder, environment: 'live', status: 'active', created_at: expect.any(String) },
      changed: true,
    });
    const again = await service.ops('POST', `/ops/v1/funders/${funder.bank_id}/classify`, {
      environment: 'live',
    });
    expect(again.body).toMatchObject({ funder: { environment: 'live' }, changed: false });
    const read = await service.ops<{ funder: Funder }>('GET', `/ops/v1/funders/${funder.bank_id}`);
    expect(read.body.funder.environment).toBe('live');
  });

  it('classifying is refused for an unknown environment and an unknown funder', async () => {
    const funder = await service.given.funderAccount({ environment: 'unclassified' });
    expectError(
      await service.ops('POST', `/ops/v1/funders/${funder.bank_id}/classify`, { environment: 'demo' }),
      422,
      'body_invalid',
    );
    expectError(
      await service.ops('POST', `/ops/v1/funders/${NO_SUCH_ID}/classify`, { environment: 'live' }),
      404,
      'not_found',
    );
    expect(
      (await service.ops<{ funder: Funder }>('GET', `/ops/v1/funders/${funder.bank_id}`)).body.funder,
    ).toMatchObject({ environment: 'unclassified' });
  });

  it('a funder’s status is refused for a value other than active or suspended, and for an unknown funder', async () => {
    const funder = await service.given.funderAccount();
    expectError(
      await service.ops('POST', `/ops/v1/funders/${funder.bank_id}/status`, { status: 'closed' }),
      422,
      'body_invalid',
    );
    expectError(
      await service.ops('POST', `/ops/v1/funders/${NO_SUCH_ID}/status`, { status: 'suspended' }),
      404,
      'not_found',
    );
  });

  it('changes to funders are written on the evidence chain', async () => {
    const funder = await service.given.funderAccount({ environment: 'unclassified' });
    await service.ops('POST', `/ops/v1/funders/${funder.bank_id}/classify`, { environment: 'live' });
    await service.ops('POST', `/ops/v1/funders/${funder.bank_id}/status`, {
      status: 'suspended',
      reason: 'audit',
    });
    const { rows } = await service.db.query<{ kind: string; payload: Record<string, unknown> }>(
      'SELECT kind, payload FROM evidence_entries WHERE funder_id = $1 ORDER BY seq',
      [funder.bank_id],
    );
    expect(rows).toEqual([
      { kind: 'funder.created', payload: { name: funder.name, environment: 'unclassified' } },
      { kind: 'funder.classified', payload: { from: 'unclassified', to: 'live' } },
      { kind: 'funder.status_changed', payload: { from: 'active', to: 'suspended', reason: 'audit' } },
    ]);
  });
});

describe('API keys', () => {
  it('issuing a key answers 201 with the key and its secret, shown this once', async () => {
    const funder = await service.given.funderAccount();
    const now = await clockNow();
    const expiresAt = new Date(now.getTime() + 30 * 86_400_000).toISOString();
    const answer = await issue({
      bank_id: funder.bank_id,
      name: ' treasury ',
      scopes: ['requests:read', 'decisions:write', 'requests:read'],
      expires_at: expiresAt,
      prospect: 'Ana at Banco Ejemplo',
      rate_limit: { per_minute: 30, per_hour: 600 },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      key: {
        id: expect.stringMatching(UUID),
        bank_id: funder.bank_id,
        name: 'treasury',
        prefix: answer.body.secret.slice(0, 12),
        scopes: ['decisions:write', 'requests:read'],
        created_at: now.toISOString(),
        expires_at: expiresAt,
        prospect: 'Ana at Banco Ejemplo',
        revoked_at: null,
        rate_limit: { per_minute: 30, per_hour: 600 },
        issued_by: 'bootstrap',
      },
      secret: expect.stringMatching(/^svc_fk_[0-9a-f]{64}$/),
    });
    expect(answer.body.key.prefix).toMatch(/^svc_fk_[0-9a-f]{5}$/);

    // The key works at once, and the list shows it without its secret.
    expect((await service.call(answer.body.secret, 'GET', '/v1/me')).status).toBe(200);
    const list = await service.ops<{ keys: Key[] }>('GET', `/ops/v1/keys?bank_id=${funder.bank_id}`);
    expect(list.body.keys).toEqual([answer.body.key]);
    expect(JSON.stringify(list.body)).not.toContain(answer.body.secret.slice(12));
  });

  it('a key issued with only the required fields does not expire and has the default limits', async () => {
    const funder = await service.given.funderAccount();
    const answer = await issue({ bank_id: funder.bank_id, name: 'minimal', scopes: [] });
    expect(answer.status).toBe(201);
    expect(answer.body.key).toMatchObject({
      scopes: [],
      expires_at: null,
      prospect: null,
      rate_limit: { per_minute: null, per_hour: null },
    });
  });

  it('two keys never share a secret', async () => {
    const funder = await service.given.funderAccount();
    const secrets = new Set<string>();
    for (let i = 0; i < 5; i++)
      secrets.add((await issue({ bank_id: funder.bank_id, name: `k${i}`, scopes: [] })).body.secret);
    expect(secrets.size).toBe(5);
  });

  it.each([
    ['an unknown scope', { scopes: ['requests:write'] }],
    ['a scope spelled differently', { scopes: ['Requests:Read'] }],
    ['no scopes member', { scopes: undefined }],
    ['an empty name', { name: '' }],
    ['a name of spaces only', { name: '   ' }],
    ['an expiry that is not a date-time', { expires_at: 'next tuesday' }],
    ['a limit of zero calls per minute', { rate_limit: { per_minute: 0 } }],
    ['an unknown member', { owner: 'me' }],
  ])('issuing a key with %s is refused with body_invalid', async (_what, change) => {
    const funder = await service.given.funderAccount();
    const body = { bank_id: funder.bank_id, name: 'key', scopes: ['requests:read'], ...change };
    expectError(await issue(body), 422, 'body_invalid');
    const list = await service.ops<{ keys: Key[] }>('GET', `/ops/v1/keys?bank_id=${funder.bank_id}`);
    expect(list.body.keys).toEqual([]);
  });

  it('issuing a key that expires now or earlier is refused with body_invalid', async () => {
    const funder = await service.given.funderAccount();
    const now = await clockNow();
    for (const at of [new Date(now.getTime() - 1000), now]) {
      const error = expectError(
        await issue({ bank_id: funder.bank_id, name: 'late', scopes: [], expires_at: at.toISOString() }),
        422,
        'body_invalid',
      );
      expect(error.field).toBe('expires_at');
    }
    // One second ahead of the service's clock is accepted.
    const ahead = new Date(now.getTime() + 1000).toISOString();
    expect(
      (await issue({ bank_id: funder.bank_id, name: 'soon', scopes: [], expires_at: ahead })).status,
    ).toBe(201);
  });

  it('issuing a key for an unknown funder is refused with not_found', async () => {
    expectError(await issue({ bank_id: NO_SUCH_ID, name: 'orphan', scopes: [] }), 404, 'not_found');
  });

  it('only the SHA-256 of a key is stored, never the key itself', async () => {
    const funder = await service.given.funderAccount();
    const { body } = await issue({ bank_id: funder.bank_id, name: 'stored', scopes: ['requests:read'] });
    const secret = body.secret;
    const { rows } = await service.db.query<Record<string, unknown>>('SELECT * FROM api_keys WHERE id = $1', [
      body.key.id,
    ]);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.secret_sha256).toBe(createHash('sha256').update(secret).digest('hex'));
    const hexPart = secret.slice('svc_fk_'.length);
    for (const [column, value] of Object.entries(row)) {
      const text = value instanceof Date ? value.toISOString() : JSON.stringify(value);
      expect(text, `column ${column}`).not.toContain(hexPart);
      expect(text, `column ${column}`).not.toContain(hexPart.slice(5, 40));
    }
    // Nor anywhere on the evidence chain.
    const evidence = await service.db.query<{ payload: unknown }>(
      'SELECT payload FROM evidence_entries WHERE subject_id = $1',
      [body.key.id],
    );
    expect(evidence.rows).toHaveLength(1);
    expect(JSON.stringify(evidence.rows)).not.toContain(hexPart.slice(5, 40));
  });

  it('revoking a key makes it unauthorized at once; revoking it again changes nothing', async () => {
    const funder = await service.given.funderAccount();
    const { body: issued } = await issue({ bank_id: funder.bank_id, name: 'to revoke', scopes: [] });
    expect((await service.call(issued.secret, 'GET', '/v1/me')).status).toBe(200);
    const now = await clockNow();

    const revoked = await service.ops<{ key: Key; changed: boolean }>(
      'POST',
      `/ops/v1/keys/${issued.key.id}/revoke`,
      { reason: 'laptop lost' },
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ key: { ...issued.key, revoked_at: now.toISOString() }, changed: true });
    expectError(await service.call(issued.secret, 'GET', '/v1/me'), 401, 'unauthorized');

    await service.advanceClock(60);
    const again = await service.ops<{ key: Key; changed: boolean }>(
      'POST',
      `/ops/v1/keys/${issued.key.id}/revoke`,
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ key: revoked.body.key, changed: false });
    expectError(await service.call(issued.secret, 'GET', '/v1/me'), 401, 'unauthorized');

    const { rows } = await service.db.query<{ revoked_reason: string }>(
      'SELECT revoked_reason FROM api_keys WHERE id = $1',
      [issued.key.id],
    );
    expect(rows[0]!.revoked_reason).toBe('laptop lost');
  });

  it('revoking an unknown key is refused with not_found', async () => {
    expectError(await service.ops('POST', `/ops/v1/keys/${NO_SUCH_ID}/revoke`), 404, 'not_found');
  });

  it('the key list can be narrowed to one funder, and refuses an unknown funder', async () => {
    const one = await service.given.funderWithKey();
    const two = await service.given.funderWithKey();
    const narrowed = await service.ops<{ keys: Key[] }>('GET', `/ops/v1/keys?bank_id=${one.bankId}`);
    expect(narrowed.body.keys.map((k) => k.id)).toEqual([one.keyId]);
    const all = await service.ops<{ keys: Key[] }>('GET', '/ops/v1/keys');
    expect(all.body.keys.map((k) => k.id)).toEqual(expect.arrayContaining([one.keyId, two.keyId]));
    expectError(await service.ops('GET', `/ops/v1/keys?bank_id=${NO_SUCH_ID}`), 404, 'not_found');
  });
});

describe('the demonstration plane', () => {
  it('resetting rebuilds the demonstration rows, keeps the same demonstration funder and never touches live rows', async () => {
    const first = await service.ops<{
      bank_id: string;
      sellers: number;
      debtors: number;
      created_funder: boolean;
    }>('POST', '/ops/v1/demo/reset');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      bank_id: expect.stringMatching(UUID),
      sellers: expect.any(Number),
      debtors: expect.any(Number),
      created_funder: true,
    });
    // The scenario: sellers in ES, PT, FR and IT, and their debtors.
    expect(first.body.sellers).toBeGreaterThanOrEqual(4);
    expect(first.body.debtors).toBeGreaterThanOrEqual(4);
    const { sellers, debtors } = first.body;
    const demoFunder = await service.ops<{ funder: Funder }>('GET', `/ops/v1/funders/${first.body.bank_id}`);
    expect(demoFunder.body.funder).toMatchObject({ environment: 'sandbox', status: 'active' });

    const live = { id: '11111111-1111-4111-8111-111111111111', tax_id: 'B39000001' };
    await service.db.query(
      `INSERT INTO sellers (id, plane, name, tax_id, country, verification_status, created_at)
       VALUES ($1, 'live', 'Conservas Reales SL', $2, 'ES', 'approved', now())`,
      [live.id, live.tax_id],
    );
    // A row a demonstration left behind.
    await service.db.query(
      `INSERT INTO sellers (id, plane, name, tax_id, country, created_at)
       VALUES ('22222222-2222-4222-8222-222222222222', 'demo', 'Left Behind SL', 'B99999999', 'ES', now())`,
    );
    const demoIds = async (table: string) =>
      (
        await service.db.query<{ id: string }>(`SELECT id FROM ${table} WHERE plane = 'demo' ORDER BY id`)
      ).rows.map((r) => r.id);
    const sellersBefore = await demoIds('sellers');
    const debtorsBefore = await demoIds('debtors');
    expect(sellersBefore).toHaveLength(sellers + 1);

    const second = await service.ops('POST', '/ops/v1/demo/reset');
    expect(second.status).toBe(200);
    expect(second.body).toEqual({
      bank_id: first.body.bank_id,
      sellers,
      debtors,
      created_funder: false,
    });

    const sellersAfter = await demoIds('sellers');
    const debtorsAfter = await demoIds('debtors');
    expect(sellersAfter).toHaveLength(sellers);
    expect(debtorsAfter).toHaveLength(debtors);
    expect(sellersAfter.filter((id) => sellersBefore.includes(id))).toEqual([]);
    expect(debtorsAfter.filter((id) => debtorsBefore.includes(id))).toEqual([]);

    const kept = await service.db.query('SELECT id, plane, name, tax_id FROM sellers WHERE plane = $1', [
      'live',
    ]);
    expect(kept.rows).toEqual([
      { id: live.id, plane: 'live', name: 'Conservas Reales SL', tax_id: live.tax_id },
    ]);

    // Only one demonstration funder exists.
    const funders = await service.ops<{ funders: Funder[] }>('GET', '/ops/v1/funders');
    expect(funders.body.funders.filter((f) => f.bank_id === first.body.bank_id)).toHaveLength(1);
    const { rows } = await service.db.query('SELECT id FROM funders WHERE is_demonstration');
    expect(rows).toEqual([{ id: first.body.bank_id }]);
  }, 180_000); // resets the demonstration plane: seconds on a loaded machine

  it('a sandbox key issued on the demonstration funder keeps working across resets', async () => {
    const sandbox = await service.given.sandbox();
    expect((await service.ops('POST', '/ops/v1/demo/reset')).status).toBe(200);
    const me = await service.call(sandbox.key, 'GET', '/v1/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ environment: 'sandbox', funder: { bank_id: sandbox.bankId } });
  }, 180_000); // resets the demonstration plane: seconds on a loaded machine
});

describe('the manual clock', () => {
  it('moves the service’s time forward by the seconds asked, as every endpoint reads it', async () => {
    const before = await service.ops<{ now: string; manual: boolean }>('GET', '/ops/v1/clock');
    expect(before.body).toEqual({ now: expect.any(String), manual: true });

    const moved = await service.ops<{ now: string; manual: boolean }>('POST', '/ops/v1/clock', {
      advance_seconds: 86_400,
    });
    expect(moved.status).toBe(200);
    const expected = new Date(new Date(before.body.now).getTime() + 86_400_000).toISOString();
    expect(moved.body).toEqual({ now: expected, manual: true });
    expect((await service.ops('GET', '/ops/v1/clock')).body).toEqual({ now: expected, manual: true });
    expect((await service.call(null, 'GET', '/v1/health')).body.time).toBe(expected);

    // Funders created now carry the moved time.
    const funder = await service.ops<{ funder: Funder }>('POST', '/ops/v1/funders', {
      name: 'Tomorrow',
      environment: 'live',
    });
    expect(funder.body.funder.created_at).toBe(expected);
  });

  it.each([
    ['zero seconds', { advance_seconds: 0 }],
    ['a negative number', { advance_seconds: -60 }],
    ['a fraction of a second', { advance_seconds: 1.5 }],
    ['a number written as text', { advance_seconds: '60' }],
    ['no member', {}],
  ])('moving the clock by %s is refused with body_invalid', async (_what, body) => {
    const before = await clockNow();
    expectError(await service.ops('POST', '/ops/v1/clock', body), 422, 'body_invalid');
    expect(await clockNow()).toEqual(before);
  });

  describe('on a server using the system clock', () => {
    let system: TestService;
    beforeAll(async () => {
      system = await startService({ config: { clock: 'system' } });
    });
    afterAll(async () => system?.close());

    it('moving the clock is refused with manual_clock_disabled, and the clock reads the real time', async () => {
      const refused = await system.ops('POST', '/ops/v1/clock', { advance_seconds: 60 });
      const error = expectError(refused, 403, 'manual_clock_disabled');
      expect(error.message).toContain('FUNDER_API_CLOCK=manual');

      // The real time: between the moments before and after the call, however long it took.
      const before = Date.now();
      const clock = await system.ops<{ now: string; manual: boolean }>('GET', '/ops/v1/clock');
      const after = Date.now();
      expect(clock.body.manual).toBe(false);
      expect(new Date(clock.body.now).getTime()).toBeGreaterThanOrEqual(before);
      expect(new Date(clock.body.now).getTime()).toBeLessThanOrEqual(after);
    });
  });
});
