import { describe, expect, it } from 'vitest';
import { Euros, Fields, List, PER_ITEM, Percent, Text } from './input.ts';
import { bodyAjv, isMultipleOf, itemChecker, withoutPerItemChecks } from './validators.ts';

describe('decimal steps', () => {
  it('takes amounts exact to the cent at any size the bounds allow, and refuses a third decimal', () => {
    for (const amount of [0, 0.01, 99999.99, 1234567.89, 2500000.55, 987654321.01, 999999999999.99]) {
      expect(isMultipleOf(amount, 0.01), String(amount)).toBe(true);
    }
    for (const amount of [10.005, 5e-324, 0.1 + 0.2, 1234567.891]) {
      expect(isMultipleOf(amount, 0.01), String(amount)).toBe(false);
    }
    expect(isMultipleOf(12.3456, 0.0001)).toBe(true);
    expect(isMultipleOf(12.34567, 0.0001)).toBe(false);
  });

  it('is the check the request validator runs, with the field code kept', () => {
    const validate = bodyAjv().compile(
      Fields({ amount: Euros({ code: 'invalid_amount' }), rate: Percent({ code: 'invalid_terms' }) }),
    );
    expect(validate({ amount: 1234567.89, rate: 4.125 })).toBe(true);
    expect(validate({ amount: 1234567.891, rate: 4 })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({
      keyword: 'multipleOf',
      instancePath: '/amount',
      parentSchema: { 'x-error-code': 'invalid_amount' },
    });
  });
});

describe('lists checked item by item', () => {
  const Row = Fields({ name: Text({ min: 1, max: 5 }) });
  const Body = Fields({ rows: List(Row, { perItem: true, min: 1, max: 3 }) });

  it('the request validator checks the list, not its items; the document keeps the items', () => {
    const loose = withoutPerItemChecks(Body) as unknown as { properties: { rows: Record<string, unknown> } };
    expect(loose.properties.rows.items).toEqual({});
    expect(loose.properties.rows[PER_ITEM]).toBe(true);
    expect((Body.properties.rows as unknown as { items: unknown }).items).toBe(Row);
    const validate = bodyAjv().compile(loose);
    expect(validate({ rows: [7, { name: 'far too long' }] })).toBe(true);
    expect(validate({ rows: [] })).toBe(false);
  });

  it('each item is answered with the code, field and message a body of its own would get', () => {
    const check = itemChecker(Row);
    expect(check({ name: 'ok' })).toEqual({ value: { name: 'ok' } });
    const failed = check({ name: 'far too long' });
    expect('error' in failed && failed.error.extra.field).toBe('name');
    const notObject = check(7);
    expect('error' in notObject && notObject.error.code).toBe('body_invalid');
  });
});
