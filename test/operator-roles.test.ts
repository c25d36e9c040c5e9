import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_ROLES, type OperatorRole, roleAtLeast } from '../src/platform/operator-roles.ts';
import { startService, type TestService } from './support/service.ts';

/*
 * Operator roles, tokens bound to their issuer, and the audit trail, over the operations API:
 * every operations route is walked with a token of each role; a line of operators is revoked
 * with the one that issued it; what one operator did is read back in one call.
 */

let service: TestService;
const tokens = {} as Record<OperatorRole, string>;
let caller = 0;

beforeAll(async () => {
  service = await startService();
  for (const role of OPERATOR_ROLES) {
    const issued = await service.ops<{ token: string }>('POST', '/ops/v1/operators', {
      name: `walk-${role}`,
      role,
    });
    expect(issued.status).toBe(201);
    tokens[role] = issued.body.token;
  }
});

afterAll(async () => {
  await service?.close();
});

/**
 * A call to the operations API with `token`, from an address of its own (no limit counts it). A
 * body of another type than JSON is sent as text.
 */
async function opsCall(token: string, method: string, url: string, body?: unknown) {
  caller += 1;
  const text = typeof body === 'string';
  const answer = await service.app.inject({
    method: method as 'GET',
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': text ? 'text/plain' : 'application/json' }),
    },
    payload: body === undefined ? undefined : text ? body : JSON.stringify(body),
    remoteAddress: `10.9.${caller >> 8}.${caller & 255}`,
  });
  const json =
    String(answer.headers['content-type'] ?? '').includes('json') && answer.body ? answer.json() : {};
  // biome-ignore lint/suspicious/noExplicitAny: answers are read loosely in tests
  return { status: answer.statusCode, body: json as Record<string, any> };
}

/** The table of docs/security.md, made from the routes' own declarations. */
function rolesTable(routes: { method: string; url: string; role: OperatorRole }[]): string {
  const rows = [...routes]
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))
    .map((r) => `| \`${r.method} ${r.url}\` | ${r.role} |`);
  return ['| Operation | Least role |', '| --- | --- |', ...rows].join('\n');
}

describe('operator roles', () => {
  it('every operations route declares its role, and the roles table of docs/security.md is made from them', () => {
    const declared = service.app.opsRoles;
    const opsRoutes = service.app.routeInputs.filter((r) => r.url.startsWith('/ops/'));
    expect(declared.length).toBe(opsRoutes.length);
    expect(declared.length).toBeGreaterThan(60);
    const doc = readFileSync(new URL('../docs/security.md', import.meta.url), 'utf8');
    const table = /<!-- operator-roles:start -->\n([\s\S]*?)\n<!-- operator-roles:end -->/.exec(doc)?.[1];
    expect(table, 'docs/security.md: the table between the operator-roles markers').toBe(
      rolesTable(declared),
    );
  });

  it('a route that changes nothing is open to auditors; keys, operators and classification are admin only', () => {
    const role = (method: string, url: string) =>
      service.app.opsRoles.find((r) => r.method === method && r.url === url)?.role;
    for (const r of service.app.opsRoles.filter((r) => r.method === 'GET')) {
      expect(r.role, `GET ${r.url}`).toBe('auditor');
    }
    for (const [method, url] of [
      ['POST', '/ops/v1/keys'],
      ['POST', '/ops/v1/keys/:id/revoke'],
      ['POST', '/ops/v1/operators'],
      ['POST', '/ops/v1/operators/:name/revoke'],
      ['POST', '/ops/v1/funders/:bank_id/classify'],
      ['POST', '/ops/v1/funders'],
      ['POST', '/ops/v1/backup'],
    ] as const) {
      expect(role(method, url), `${method} ${url}`).toBe('admin');
    }
    for (const [method, url] of [
      ['POST', '/ops/v1/demo/reset'],
      ['POST', '/ops/v1/clock'],
      ['POST', '/ops/v1/requests/:id/seller-answer'],
      ['POST', '/ops/v1/requests/:id/debtor-answer'],
    ] as const) {
      expect(role(method, url), `${method} ${url}`).toBe('support');
    }
  });

  it('walked with each role, every route refuses a role below its own with 403 and lets the others past', async () => {
    const fill = (url: string) =>
      url.replace(/:name\b/, 'nobody-here').replace(/:[a-z_]+/g, '00000000-0000-4000-8000-000000000000');
    // Routes whose work costs seconds (a whole plane rebuilt, the database copied) are sent a
    // body of a type no route reads: the role check passed, the answer is the 415 that comes
    // after it, and nothing is done.
    const costly = ['POST /ops/v1/demo/reset', 'POST /ops/v1/backup'];
    let refused = 0;
    let passed = 0;
    for (const { method, url, role: needed } of service.app.opsRoles) {
      const stopsAtType = costly.includes(`${method} ${url}`);
      for (const role of OPERATOR_ROLES) {
        const body = method === 'GET' ? undefined : stopsAtType ? 'not read' : {};
        const answer = await opsCall(tokens[role], method, fill(url), body);
        const what = `${method} ${url} as ${role} (needs ${needed})`;
        if (roleAtLeast(role, needed)) {
          passed += 1;
          expect(answer.status, what).not.toBe(401);
          expect(answer.body.error?.required_role, what).toBeUndefined();
          expect(answer.status, what).toBeLessThan(500);
          if (stopsAtType) expect(answer.body.error?.code, what).toBe('unsupported_media_type');
        } else {
          refused += 1;
          expect([answer.status, answer.body.error?.code, answer.body.error?.required_role], what).toEqual([
            403,
            'forbidden',
            needed,
          ]);
        }
      }
    }
    expect(refused).toBeGreaterThan(40);
    expect(passed).toBeGreaterThan(100);
    expect(costly.filter((c) => !service.app.opsRoles.some((r) => `${r.method} ${r.url}` === c))).toEqual([]);
  });

  it('only an admin issues operators; a support or auditor token cannot, whatever the role asked', async () => {
    for (const role of ['support', 'auditor'] as const) {
      for (const asked of OPERATOR_ROLES) {
        const answer = await opsCall(tokens[role], 'POST', '/ops/v1/operators', {
          name: `by-${role}-${asked}`,
          role: asked,
        });
        expect([answer.status, answer.body.error?.code], `${role} issuing ${asked}`).toEqual([
          403,
          'forbidden',
        ]);
      }
    }
    const list = await service.ops<{ operators: { name: string }[] }>('GET', '/ops/v1/operators');
    expect(list.body.operators.filter((o) => o.name.startsWith('by-'))).toEqual([]);
    // A role outside the three is refused by the schema.
    const unknown = await service.ops<{ error: { code: string } }>('POST', '/ops/v1/operators', {
      name: 'root',
      role: 'root',
    });
    expect(unknown.status).toBe(422);
  });

  it("the operations API's 401 names an operator token, not an API key", async () => {
    const answer = await opsCall('svc_op_not-a-token', 'GET', '/ops/v1/funders');
    expect([answer.status, answer.body.error.code]).toEqual([401, 'unauthorized']);
    expect(answer.body.error.message).toMatch(/operator token/);
    expect(answer.body.error.message).not.toMatch(/API key/);
  });
});

describe('tokens bound to their issuer', () => {
  it('revoking an operator revokes every operator issued down its line; the API keys they issued keep working and name their issuer', async () => {
    const issue = async (token: string, name: string, role: OperatorRole) => {
      const answer = await opsCall(token, 'POST', '/ops/v1/operators', { name, role });
      expect(answer.status, `issuing ${name}`).toBe(201);
      return answer.body as { operator: Record<string, unknown>; token: string };
    };
    const lead = await issue(service.opsToken, 'lead', 'admin');
    const deputy = await issue(lead.token, 'deputy', 'admin');
    const helper = await issue(deputy.token, 'helper', 'support');
    const bystander = await issue(service.opsToken, 'bystander', 'auditor');
    expect(deputy.operator).toMatchObject({ issued_by: 'lead', issued_by_id: lead.operator.id });
    expect(helper.operator).toMatchObject({
      issued_by: 'deputy',
      issued_by_id: deputy.operator.id,
      role: 'support',
    });
    expect(lead.operator).toMatchObject({ issued_by: 'bootstrap', issued_by_id: null });

    // The deputy issues a live key for a funder.
    const funder = await service.given.funderAccount({ environment: 'live' });
    const key = await opsCall(deputy.token, 'POST', '/ops/v1/keys', {
      bank_id: funder.bank_id,
      name: 'issued by the deputy',
      scopes: ['requests:read'],
    });
    expect(key.status).toBe(201);
    expect(key.body.key.issued_by).toBe('deputy');

    const revoked = await service.ops<{
      operator: { name: string };
      revoked: { name: string; revoked_at: string }[];
    }>('POST', '/ops/v1/operators/lead/revoke');
    expect(revoked.status).toBe(200);
    expect(revoked.body.operator.name).toBe('lead');
    expect(revoked.body.revoked.map((o) => o.name)).toEqual(['deputy', 'helper']);
    for (const t of [lead.token, deputy.token, helper.token]) {
      expect((await opsCall(t, 'GET', '/ops/v1/funders')).status).toBe(401);
    }
    expect((await opsCall(bystander.token, 'GET', '/ops/v1/funders')).status).toBe(200);

    // The key is its funder's: it still works, and the list still says who issued it.
    expect((await service.call(key.body.secret, 'GET', '/v1/me')).status).toBe(200);
    const keys = await service.ops<{ keys: { id: string; issued_by: string | null }[] }>(
      'GET',
      `/ops/v1/keys?bank_id=${funder.bank_id}`,
    );
    expect(keys.body.keys.find((k) => k.id === key.body.key.id)?.issued_by).toBe('deputy');

    // The list shows role, issuer and dates of each; every revocation is on the evidence chain.
    const list = await service.ops<{ operators: Record<string, unknown>[] }>('GET', '/ops/v1/operators');
    expect(list.body.operators.find((o) => o.name === 'helper')).toMatchObject({
      role: 'support',
      issued_by: 'deputy',
      revoked_at: expect.any(String),
      last_used_at: null,
    });
    const { rows } = await service.db.query<{ name: string; with: string | null }>(
      `SELECT payload->>'name' AS name, payload->>'with' AS with FROM evidence_entries
        WHERE kind = 'operator.revoked' AND payload->>'name' IN ('lead', 'deputy', 'helper') ORDER BY seq`,
    );
    expect(rows).toEqual([
      { name: 'lead', with: null },
      { name: 'deputy', with: 'lead' },
      { name: 'helper', with: 'lead' },
    ]);
  });

  it('a revoked operator issues nothing more, even with a token issued before its revocation', async () => {
    const chief = await service.ops<{ token: string }>('POST', '/ops/v1/operators', {
      name: 'chief',
      role: 'admin',
    });
    await service.ops('POST', '/ops/v1/operators/chief/revoke');
    const late = await opsCall(chief.body.token, 'POST', '/ops/v1/operators', {
      name: 'late',
      role: 'auditor',
    });
    expect(late.status).toBe(401);
    const list = await service.ops<{ operators: { name: string }[] }>('GET', '/ops/v1/operators');
    expect(list.body.operators.map((o) => o.name)).not.toContain('late');
  });
});

describe('the audit trail', () => {
  it("lists one operator's actions in one call, filters by funder, kind and time, and walks its pages without a repeat or a gap", async () => {
    const ops = await service.ops<{ token: string }>('POST', '/ops/v1/operators', {
      name: 'night',
      role: 'admin',
    });
    const night = ops.body.token;
    const funder = await service.given.funderAccount({ environment: 'live' });
    const made: string[] = [];
    for (const name of ['one', 'two', 'three']) {
      const key = await opsCall(night, 'POST', '/ops/v1/keys', {
        bank_id: funder.bank_id,
        name,
        scopes: ['requests:read'],
      });
      expect(key.status).toBe(201);
      made.push(key.body.key.id);
    }
    await opsCall(night, 'POST', `/ops/v1/keys/${made[0]}/revoke`, { reason: 'rotated' });
    // Another operator's action on the same funder is not night's.
    await service.ops('POST', '/ops/v1/keys', { bank_id: funder.bank_id, name: 'bootstrap key', scopes: [] });

    const all = await opsCall(tokens.auditor, 'GET', '/ops/v1/audit?operator=night');
    expect(all.status).toBe(200);
    expect(all.body.entries.map((e: { kind: string }) => e.kind)).toEqual([
      'api_key.issued',
      'api_key.issued',
      'api_key.issued',
      'api_key.revoked',
    ]);
    for (const e of all.body.entries) {
      expect(e.actor).toMatchObject({ kind: 'operator', operator: 'night' });
      expect(e.bank_id).toBe(funder.bank_id);
    }
    expect(all.body).toMatchObject({ has_more: false, next_cursor: null });

    const revokes = await opsCall(tokens.auditor, 'GET', '/ops/v1/audit?operator=night&kind=api_key.revoked');
    expect(revokes.body.entries.map((e: { subject_id: string }) => e.subject_id)).toEqual([made[0]]);
    const ofFunder = await opsCall(tokens.auditor, 'GET', `/ops/v1/audit?funder=${funder.bank_id}`);
    expect(ofFunder.body.entries.map((e: { actor: { operator: string } }) => e.actor.operator)).toEqual([
      'bootstrap',
      'night',
      'night',
      'night',
      'night',
      'bootstrap',
    ]);
    const last = all.body.entries.at(-1).recorded_at as string;
    const after = new Date(new Date(last).getTime() + 1000).toISOString();
    expect(
      (await opsCall(tokens.auditor, 'GET', `/ops/v1/audit?operator=night&since=${after}`)).body.entries,
    ).toEqual([]);
    expect(
      (await opsCall(tokens.auditor, 'GET', `/ops/v1/audit?operator=night&until=${after}`)).body.entries
        .length,
    ).toBe(4);

    // Pages of one: every entry once, in order.
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 20; page += 1) {
      const answer = await opsCall(
        tokens.auditor,
        'GET',
        `/ops/v1/audit?operator=night&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...answer.body.entries.map((e: { seq: number }) => e.seq));
      if (!answer.body.has_more) break;
      cursor = answer.body.next_cursor;
    }
    expect(seen).toEqual(all.body.entries.map((e: { seq: number }) => e.seq));
  });

  it('a bad cursor, date or filter is refused in the envelope and reads nothing', async () => {
    for (const [query, code] of [
      ['cursor=bm90LWEtY3Vyc29y', 'cursor_invalid'],
      ['cursor=%25%25', 'cursor_invalid'],
      ['since=yesterday', 'query_invalid'],
      ['until=2026-13-01T00:00:00Z', 'query_invalid'],
      ['limit=0', 'query_invalid'],
      ['funder=not-a-uuid', 'query_invalid'],
      ['operator=Not%20A%20Name', 'query_invalid'],
      ['colour=blue', 'query_invalid'],
    ] as const) {
      const answer = await opsCall(tokens.auditor, 'GET', `/ops/v1/audit?${query}`);
      expect([answer.status, answer.body.error?.code], query).toEqual([422, code]);
    }
  });
});
