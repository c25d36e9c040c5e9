import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/support/errors.ts';
import { startGiven } from '../../../test/support/service.ts';
import { SCOPES } from '../../platform/http/scopes.ts';

/**
 * The sandbox rules of the clients area: prescribers and links of the demonstration funder are
 * shared (and need decisions:write to change), while invitations, the report and onboarding
 * links show a sandbox key only what it made.
 */
let bankId: string;
let keyA: string;
let keyB: string;
let clientsOnly: string;
const { service } = startGiven({ demoPlane: true });
beforeAll(async () => {
  const sandbox = await service.given.demoFunder();
  bankId = sandbox.bankId;
  keyA = sandbox.key;
  keyB = (await service.given.key({ bankId, scopes: [...SCOPES], prospect: 'second prospect' })).secret;
  clientsOnly = (await service.given.key({ bankId, scopes: ['clients:write', 'onboarding:write'] })).secret;
});

type Body = Record<string, unknown>;
interface Invitation {
  id: string;
  state: string;
  company: { tax_id: string };
  seller_id: string | null;
}

const arrive = (key: string, linkId: string, company: Body) =>
  service.call<{ invitation: Invitation }>(key, 'POST', `/v1/sandbox/client-links/${linkId}/arrivals`, {
    body: company,
  });
const company = (taxId: string, name = `Prueba ${taxId} SL`) => ({
  company_name: name,
  tax_id: taxId,
  country: 'ES',
  email: `info@${taxId.toLowerCase()}.example`,
});
const invitationIds = async (key: string) =>
  (
    await service.call<{ invitations: Invitation[] }>(key, 'GET', '/v1/client-invitations')
  ).body.invitations.map((i) => i.id);

describe('prescribers and links of the demonstration funder', () => {
  it('are shared by every sandbox key and need decisions:write to change', async () => {
    expectError(
      await service.call(clientsOnly, 'POST', '/v1/prescribers', { body: { name: 'Gestoría Demo' } }),
      403,
      'forbidden',
    );
    expectError(await service.call(clientsOnly, 'POST', '/v1/client-links', { body: {} }), 403, 'forbidden');
    expectError(
      await service.call(keyA, 'POST', '/v1/prescribers', {
        body: { name: 'Gestoría Demo', email: 'real@gestoria.es' },
      }),
      422,
      'email_not_reserved',
    );
    const made = await service.call<{ prescriber: { id: string } }>(keyA, 'POST', '/v1/prescribers', {
      body: { name: 'Gestoría Demo', email: 'socios@gestoria.test' },
    });
    expect(made.status).toBe(201);
    for (const domain of ['example', 'invalid', 'demo']) {
      const answer = await service.call(keyA, 'POST', '/v1/prescribers', {
        body: { name: `Asesores ${domain}`, email: `a@b.${domain}` },
      });
      expect(answer.status).toBe(201);
    }
    const seen = await service.call<{ prescribers: { id: string }[] }>(clientsOnly, 'GET', '/v1/prescribers');
    expect(seen.body.prescribers.map((p) => p.id)).toContain(made.body.prescriber.id);
    const seenByB = await service.call<{ prescribers: { id: string }[] }>(keyB, 'GET', '/v1/prescribers');
    expect(seenByB.body.prescribers.map((p) => p.id)).toContain(made.body.prescriber.id);
  });
});

describe('what one sandbox key made stays its own', () => {
  let linkId: string;
  beforeAll(async () => {
    const made = await service.call<{ client_link: { id: string } }>(keyA, 'POST', '/v1/client-links', {
      body: { replace: true },
    });
    expect(made.status).toBe(201);
    linkId = made.body.client_link.id;
  });

  it('lists, accepts and reports only the invitations of the key’s own helpers', async () => {
    const mine = (await arrive(keyA, linkId, company('B10000001'))).body.invitation;
    const theirs = (await arrive(keyB, linkId, company('B20000002'))).body.invitation;
    // The same company brought by both keys counts for each.
    const sameA = (await arrive(keyA, linkId, company('B30000003'))).body.invitation;
    const sameB = (await arrive(keyB, linkId, company('B30000003'))).body.invitation;

    const listA = await invitationIds(keyA);
    const listB = await invitationIds(keyB);
    expect(listA).toEqual(expect.arrayContaining([mine.id, sameA.id]));
    expect(listA).not.toContain(theirs.id);
    expect(listA).not.toContain(sameB.id);
    expect(listB).toEqual(expect.arrayContaining([theirs.id, sameB.id]));
    expect(listB).not.toContain(mine.id);

    expectError(
      await service.call(keyB, 'POST', `/v1/sandbox/client-invitations/${mine.id}/accept`),
      404,
      'not_found',
    );
    const accepted = await service.call<{ invitation: Invitation }>(
      keyA,
      'POST',
      `/v1/sandbox/client-invitations/${mine.id}/accept`,
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.invitation.state).toBe('accepted');
    const { rows } = await service.db.query<{ plane: string }>('SELECT plane FROM sellers WHERE id = $1', [
      accepted.body.invitation.seller_id,
    ]);
    expect(rows[0]!.plane).toBe('demo');

    const reportA = await service.call<{ totals: Body }>(keyA, 'GET', '/v1/prescribers/report');
    const reportB = await service.call<{ totals: Body }>(keyB, 'GET', '/v1/prescribers/report');
    expect(reportA.body.totals).toMatchObject({ arrived: 2, joined: 1 });
    expect(reportB.body.totals).toMatchObject({ arrived: 2, joined: 0 });
    // The link's counts are the key's own too.
    const links = await service.call<{ client_links: { id: string; arrivals: number }[] }>(
      keyB,
      'GET',
      '/v1/client-links',
    );
    expect(links.body.client_links.find((l) => l.id === linkId)?.arrivals).toBe(2);
  });

  it('shows a sandbox key only the onboarding links it made; completing one makes a test company', async () => {
    const made = await service.call<{ onboarding_link: { id: string }; environment: string }>(
      keyA,
      'POST',
      '/v1/onboarding-links',
      {
        body: {
          company_vat: 'ESB40000004',
          country: 'ES',
          contact_email: 'admin@supplier.example',
          return_url: 'https://example.com/back',
          company_name: 'Proveedor de Prueba SL',
          metadata: { ref: 'T-1' },
        },
      },
    );
    expect(made.status).toBe(201);
    expect(made.body.environment).toBe('sandbox');
    const id = made.body.onboarding_link.id;
    expectError(await service.call(keyB, 'GET', `/v1/onboarding-links/${id}`), 404, 'not_found');
    const listB = await service.call<{ onboarding_links: { id: string }[] }>(
      keyB,
      'GET',
      '/v1/onboarding-links',
    );
    expect(listB.body.onboarding_links.map((l) => l.id)).not.toContain(id);
    expectError(
      await service.call(keyB, 'POST', `/v1/sandbox/onboarding-links/${id}/complete`),
      404,
      'not_found',
    );

    const done = await service.call<{
      onboarding_link: { status: string; seller_id: string };
      return_url: string;
    }>(keyA, 'POST', `/v1/sandbox/onboarding-links/${id}/complete`);
    expect(done.status).toBe(200);
    expect(done.body.onboarding_link.status).toBe('completed');
    expect(new URL(done.body.return_url).searchParams.get('svc_onboarding')).toBe(id);
    const { rows } = await service.db.query<{ plane: string }>('SELECT plane FROM sellers WHERE id = $1', [
      done.body.onboarding_link.seller_id,
    ]);
    expect(rows[0]!.plane).toBe('demo');
    const events = await service.db.query<{ plane: string }>(
      `SELECT plane FROM outbox_events WHERE type = 'onboarding.completed' AND payload->>'onboarding_link_id' = $1`,
      [id],
    );
    expect(events.rows.map((e) => e.plane)).toEqual(['demo']);
  });

  it('refuses the helpers to a live key', async () => {
    const live = await service.given.funderWithKey();
    expectError(await arrive(live.key, linkId, company('B50000005')), 403, 'sandbox_only');
    expectError(
      await service.call(
        live.key,
        'POST',
        '/v1/sandbox/client-invitations/00000000-0000-4000-8000-000000000000/accept',
      ),
      403,
      'sandbox_only',
    );
    expectError(
      await service.call(
        live.key,
        'POST',
        '/v1/sandbox/onboarding-links/00000000-0000-4000-8000-000000000000/complete',
      ),
      403,
      'sandbox_only',
    );
  });

  it('is cleared with the rest of the demonstration plane by a reset', async () => {
    const reset = await service.ops('POST', '/ops/v1/demo/reset');
    expect(reset.status).toBe(200);
    expect(await invitationIds(keyA)).toEqual([]);
    const prescribers = await service.call<{ count: number }>(keyA, 'GET', '/v1/prescribers');
    expect(prescribers.body.count).toBe(0);
    const onboarding = await service.call<{ count: number }>(keyA, 'GET', '/v1/onboarding-links');
    expect(onboarding.body.count).toBe(0);
  });
});
