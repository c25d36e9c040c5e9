import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../src/platform/canonical-json.ts';
import {
  nodesIn,
  SHARED_SCHEMA_MIN_NODES,
  WHOLE_ANSWER_MIN_NODES,
} from '../src/platform/http/openapi/shared-schemas.ts';
import { startGiven } from './support/service.ts';

/**
 * The document gives a schema that several answers or events carry once, under
 * `components.schemas`, so that the reference page (which walks every node of the document on
 * each load) and a generated client read it once (openapi/shared-schemas.ts).
 */
type Json = Record<string, unknown>;

let doc: Json;
const { service } = startGiven();
beforeAll(async () => {
  const answer = await service.call<Json>(null, 'GET', '/v1/openapi.json');
  expect(answer.status).toBe(200);
  doc = answer.body;
});

const jsonSchema = (path: string, method: string, status: string) => {
  const answers = ((doc.paths as Json)[path] as Record<string, Json>)[method]!.responses as Record<
    string,
    Json
  >;
  return ((answers[status]!.content as Json)['application/json'] as Json).schema as Json;
};

/** Every object schema written in the answers, the events and the components, with where. */
function objectSchemas(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const walk = (node: unknown, where: string) => {
    if (node === null || typeof node !== 'object') return;
    const schema = node as Json;
    if ((schema.type === 'object' || schema.properties) && nodesIn(schema) >= SHARED_SCHEMA_MIN_NODES) {
      const text = canonicalJson(schema);
      found.set(text, [...(found.get(text) ?? []), where]);
    }
    for (const [key, inner] of Object.entries(schema)) walk(inner, `${where}/${key}`);
  };
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, operation] of Object.entries(methods)) {
      for (const [status, answer] of Object.entries(operation.responses as Record<string, Json>)) {
        if (status.startsWith('2')) walk(answer.content, `${method} ${path} ${status}`);
      }
    }
  }
  walk(doc.webhooks, 'webhooks');
  walk((doc.components as Json).schemas, 'components.schemas');
  return found;
}

describe('schemas given once (openapi/shared-schemas.ts)', () => {
  it('writes no object schema of the answers, events or components twice', () => {
    // A whole answer that is only a few members once the schemas in it are given once stays whole.
    const repeated = [...objectSchemas().entries()].filter(
      ([text, places]) =>
        places.length > 1 &&
        !(
          places.every((place) => place.endsWith('json/schema')) &&
          nodesIn(JSON.parse(text)) < WHOLE_ANSWER_MIN_NODES
        ),
    );
    expect(repeated).toEqual([]);
  });

  it('gives the early payment once, and each answer that carries it refers to it', () => {
    const schemas = (doc.components as Json).schemas as Record<string, Json>;
    const early = schemas.EarlyPayment!;
    expect(Object.keys(early.properties as Json)).toEqual(
      expect.arrayContaining(['id', 'status', 'buyer', 'paid']),
    );
    const ref = { $ref: '#/components/schemas/EarlyPayment' };
    for (const [path, method] of [
      ['/v1/early-payments/{id}', 'get'],
      ['/v1/early-payments/{id}/paid', 'post'],
      ['/v1/early-payments/{id}/repayment', 'post'],
      ['/v1/sandbox/early-payments/{id}/accept', 'post'],
    ] as const) {
      expect(jsonSchema(path, method, '200'), `${method} ${path}`).toEqual(ref);
    }
    const list = jsonSchema('/v1/early-payments', 'get', '200').properties as Record<string, Json>;
    expect(list.early_payments!.items).toEqual(ref);
    // The events' data of one family, once too.
    const event = (
      ((doc.webhooks as Json)['early_payment.paid'] as Record<string, Json>).post!.requestBody as Json
    ).content as Record<string, Json>;
    expect(((event['application/json']!.schema as Json).properties as Json).data).toEqual({
      $ref: '#/components/schemas/EarlyPaymentEventData',
    });
  });

  it('gives the headers of every delivery once, as parameters each event refers to', () => {
    const parameters = (doc.components as Json).parameters as Record<string, Json>;
    for (const [type, methods] of Object.entries(doc.webhooks as Record<string, Record<string, Json>>)) {
      const refs = (methods.post!.parameters as Json[]).map((parameter) => String(parameter.$ref));
      expect(refs.length, type).toBe(6);
      for (const ref of refs)
        expect(parameters, ref).toHaveProperty([ref.replace('#/components/parameters/', '')]);
    }
  });
});
