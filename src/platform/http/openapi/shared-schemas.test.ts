import { describe, expect, it } from 'vitest';
import { shareAnswerExamples, shareSchemas } from './shared-schemas.ts';

type Json = Record<string, unknown>;

const party = () => ({
  type: 'object',
  required: ['name', 'tax_id'],
  properties: { name: { type: 'string' }, tax_id: { type: 'string' } },
});
const earlyPayment = () => ({
  type: 'object',
  required: ['id', 'buyer'],
  properties: { id: { type: 'string', format: 'uuid' }, buyer: party(), amount: { type: 'number' } },
});
const answer = (operationId: string, schema: Json, example?: Json) => ({
  operationId,
  responses: {
    '200': {
      description: 'ok',
      content: { 'application/json': { schema, ...(example ? { examples: { example } } : {}) } },
    },
  },
});
const event = (type: string, data: Json) => ({
  post: {
    operationId: `event_${type}`,
    requestBody: {
      content: {
        'application/json': {
          schema: { type: 'object', properties: { type: { const: type }, data } },
        },
      },
    },
  },
});

function document(): Json {
  return {
    paths: {
      '/early-payments': {
        get: answer('listEarlyPayments', {
          type: 'object',
          properties: { early_payments: { type: 'array', items: earlyPayment() } },
        }),
      },
      '/early-payments/{id}': {
        get: answer('getEarlyPayment', earlyPayment(), { summary: 'Example', value: { id: 'a' } }),
        post: answer('recordEarlyPayment', earlyPayment(), { summary: 'Example', value: { id: 'a' } }),
      },
      '/debtors': {
        get: answer('listDebtors', {
          type: 'object',
          properties: { debtor: party(), small: { type: 'object', properties: { a: { type: 'string' } } } },
        }),
      },
      '/other': {
        get: answer('other', {
          type: 'object',
          properties: { small: { type: 'object', properties: { a: { type: 'string' } } } },
        }),
      },
    },
    webhooks: {
      'early_payment.paid': event('early_payment.paid', {
        type: 'object',
        properties: { early_payment: earlyPayment() },
      }),
      'early_payment.repaid': event('early_payment.repaid', {
        type: 'object',
        properties: { early_payment: earlyPayment() },
      }),
    },
    components: { schemas: { Existing: { type: 'object' } } },
  };
}

const at = (doc: Json, ...path: string[]) => path.reduce<unknown>((node, key) => (node as Json)[key], doc);
const answerSchema = (doc: Json, path: string, method: string) =>
  at(doc, 'paths', path, method, 'responses', '200', 'content', 'application/json', 'schema');
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('shareSchemas', () => {
  it('gives a repeated object schema once, named after its member, and refers to it from every place', () => {
    const doc = document();
    shareSchemas(doc);
    const schemas = at(doc, 'components', 'schemas') as Json;
    expect(schemas.EarlyPayment).toEqual({
      ...earlyPayment(),
      properties: { ...earlyPayment().properties, buyer: ref('Buyer') },
    });
    expect(answerSchema(doc, '/early-payments/{id}', 'get')).toEqual(ref('EarlyPayment'));
    expect(answerSchema(doc, '/early-payments/{id}', 'post')).toEqual(ref('EarlyPayment'));
    expect(
      at(answerSchema(doc, '/early-payments', 'get') as Json, 'properties', 'early_payments', 'items'),
    ).toEqual(ref('EarlyPayment'));
    // Inside a shared schema, a schema counts once: the buyer of the early payment and the debtor.
    expect(schemas.Buyer).toEqual(party());
    expect(at(answerSchema(doc, '/debtors', 'get') as Json, 'properties', 'debtor')).toEqual(ref('Buyer'));
    // The events' data is named after their family; what was there stays.
    expect(
      at(
        doc,
        'webhooks',
        'early_payment.paid',
        'post',
        'requestBody',
        'content',
        'application/json',
        'schema',
        'properties',
        'data',
      ),
    ).toEqual(ref('EarlyPaymentEventData'));
    expect(schemas.Existing).toEqual({ type: 'object' });
  });

  it('leaves a small repeated object where it is', () => {
    const doc = document();
    shareSchemas(doc);
    expect(at(answerSchema(doc, '/other', 'get') as Json, 'properties', 'small')).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
    });
    expect(Object.keys(at(doc, 'components', 'schemas') as Json).sort()).toEqual([
      'Buyer',
      'EarlyPayment',
      'EarlyPaymentEventData',
      'Existing',
    ]);
  });

  it('gives the same names on every run, and an example two answers show alike once', () => {
    const one = document();
    const two = document();
    for (const doc of [one, two]) {
      shareSchemas(doc);
      shareAnswerExamples(doc);
    }
    expect(JSON.stringify(one)).toBe(JSON.stringify(two));
    expect(at(one, 'components', 'examples', 'EarlyPayment')).toEqual({
      summary: 'Example',
      value: { id: 'a' },
    });
    const examples = at(
      one,
      'paths',
      '/early-payments/{id}',
      'get',
      'responses',
      '200',
      'content',
      'application/json',
      'examples',
    );
    expect(examples).toEqual({ example: { $ref: '#/components/examples/EarlyPayment' } });
  });
});
