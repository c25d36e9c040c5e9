import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Contract, compareContracts, contractOf } from './support/openapi-contract.ts';
import { startGiven } from './support/service.ts';

const SNAPSHOT = fileURLToPath(new URL('./openapi.contract.json', import.meta.url));
const UPDATE = 'UPDATE_OPENAPI_SNAPSHOT=1 npx vitest run test/openapi.contract.test.ts';

let current: Contract;
const { service } = startGiven();
beforeAll(async () => {
  const answer = await service.call(null, 'GET', '/v1/openapi.json');
  expect(answer.status).toBe(200);
  current = contractOf(answer.body);
});

describe('the v1 contract (spec: Versioning)', () => {
  it('keeps every operation, field and error code of the committed snapshot, with the same types', () => {
    const snapshot: Contract = existsSync(SNAPSHOT) ? JSON.parse(readFileSync(SNAPSHOT, 'utf8')) : {};
    const { breaking, added } = compareContracts(snapshot, current);
    expect(
      breaking,
      `Within v1 nothing a client relies on may disappear or change type (test/openapi.contract.json):\n${breaking.join('\n')}`,
    ).toEqual([]);
    if (added.length > 0 && process.env.UPDATE_OPENAPI_SNAPSHOT === '1') {
      writeFileSync(SNAPSHOT, `${JSON.stringify(current, null, 2)}\n`);
      return;
    }
    expect(
      added,
      `The document has additions the snapshot does not record. Additions are allowed within v1: record them with\n  ${UPDATE}\nand commit test/openapi.contract.json.\n${added.join('\n')}`,
    ).toEqual([]);
  });

  it('sees a removed field, a changed type and a dropped error code as breaking, and a new field or enum value as an addition', () => {
    const name = 'GET /v1/me';
    const base = current[name]!;
    const changed: Contract = structuredClone(current);
    const me = changed[name]!;
    delete me.responses['200']!['funder.name'];
    me.responses['200']!['key.scopes'] = 'string';
    me.errors['401'] = (me.errors['401'] ?? []).filter((code) => code !== 'key_expired');
    me.responses['200']!['funder.legal_name'] = 'string';
    me.responses['200']!.environment = 'string<live|sandbox|trial|unclassified>';
    expect(base.responses['200']).toHaveProperty(['funder.name']);
    const { breaking, added } = compareContracts(current, changed);
    expect(breaking).toEqual([
      'GET /v1/me answer 200 funder.name (string) disappeared',
      'GET /v1/me answer 200 key.scopes changed type from array to string',
      'GET /v1/me error key_expired (401) disappeared',
    ]);
    expect(added).toEqual([
      'GET /v1/me answer 200 environment widened from string<live|sandbox|unclassified> to string<live|sandbox|trial|unclassified>',
      'GET /v1/me answer 200 funder.legal_name (string)',
    ]);
  });

  it('keeps each branch of the decision union apart, so one branch cannot hide a field of another', async () => {
    const request = current['POST /v1/requests/{id}/decision']!.request;
    expect(request).toMatchObject({
      '(decision=offer).rate': 'number',
      '(decision=fund).reference': 'string',
      '(decision=fund).amount': 'null|number',
      '(decision=settle).reference': 'null|string',
      '(decision=settle).amount': 'number',
    });
    expect(Object.keys(request).filter((field) => !field.startsWith('('))).toEqual([]);
  });

  it('publishes the decision union with a discriminator mapping each decision to its named branch', async () => {
    interface Node {
      [key: string]: Node | undefined;
    }
    const doc = (await service.call(null, 'GET', '/v1/openapi.json')).body as Node;
    const body =
      doc.paths!['/v1/requests/{id}/decision']!.post!.requestBody!.content!['application/json']!.schema!;
    const names = ['OfferDecision', 'DeclineDecision', 'FundDecision', 'SettleDecision'];
    expect(body.discriminator).toEqual({
      propertyName: 'decision',
      mapping: Object.fromEntries(
        ['offer', 'decline', 'fund', 'settle'].map((tag, i) => [tag, `#/components/schemas/${names[i]}`]),
      ),
    });
    expect(body.anyOf ?? body.oneOf).toEqual(names.map((name) => ({ $ref: `#/components/schemas/${name}` })));
    for (const name of names) {
      expect(doc.components!.schemas![name]).toMatchObject({ type: 'object', additionalProperties: false });
      expect(doc.components!.schemas![name]).not.toHaveProperty(['x-component']);
    }
  });
});
