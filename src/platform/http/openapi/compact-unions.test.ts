import { describe, expect, it } from 'vitest';
import { compactUnions } from './compact-unions.ts';

const literal = (value: string) => ({ type: 'string', enum: [value] });

describe('compactUnions', () => {
  it('writes a union of single strings as one enum, keeping what the union itself says', () => {
    const schema = { description: 'Lowest to highest', anyOf: [literal('receipt'), literal('acceptance')] };
    compactUnions(schema);
    expect(schema).toEqual({
      description: 'Lowest to highest',
      type: 'string',
      enum: ['receipt', 'acceptance'],
    });
  });

  it('writes a plain scalar or null as one nullable type, inside objects and lists too', () => {
    const doc = {
      properties: {
        at: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
        amount: { anyOf: [{ type: 'null' }, { type: 'number', description: 'euros' }] },
      },
    };
    compactUnions(doc);
    expect(doc.properties).toEqual({
      at: { type: ['string', 'null'], format: 'date-time' },
      amount: { type: ['null', 'number'], description: 'euros' },
    });
  });

  it('leaves unions that one schema cannot say alike, and examples', () => {
    const kept = [
      { anyOf: [{ type: 'object', properties: {} }, { type: 'null' }] },
      { anyOf: [literal('a'), { type: 'string', enum: ['b'], 'x-error-code': 'bad' }] },
      { anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] },
      { description: 'own', anyOf: [{ type: 'string', description: 'branch' }, { type: 'null' }] },
      { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      { examples: [{ anyOf: [literal('a'), literal('b')] }] },
    ];
    const before = structuredClone(kept);
    compactUnions(kept);
    expect(kept).toEqual(before);
  });
});
