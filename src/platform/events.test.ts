import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { type EventType, joinEvents } from './events.ts';

const examples = { file: 'none', of: () => undefined };
const part = (...types: string[]): EventType[] =>
  types.map((type) => ({
    type,
    description: type,
    emitted: true,
    summary: type,
    carries: type,
    data: Type.Object({}),
    examples,
  }));

describe('the event types joined', () => {
  it('lists them by family, a family of one area as it declares it, a shared family by name, whatever the order of the parts', () => {
    const parts = [
      part('request.routed', 'notice.disputed', 'notice.acknowledged'),
      part('early_payment.released', 'early_payment.accepted', 'early_payment.declined'),
      part('request.announced'),
      undefined,
      part('claim.opened', 'claim.closed'),
    ];
    const expected = [
      'claim.opened',
      'claim.closed',
      'early_payment.released',
      'early_payment.accepted',
      'early_payment.declined',
      'notice.disputed',
      'notice.acknowledged',
      'request.announced',
      'request.routed',
    ];
    expect(joinEvents(parts).names).toEqual(expected);
    expect(joinEvents([...parts].reverse()).names).toEqual(expected);
    const joined = joinEvents(parts);
    expect(joined.entries.map((entry) => entry.type)).toEqual(expected);
    expect(joined.get('claim.closed')?.summary).toBe('claim.closed');
    expect(joined.get('claim.nothing')).toBeUndefined();
  });

  it('stops at a type two parts declare', () => {
    expect(() => joinEvents([part('export.ready'), part('export.ready')])).toThrow(
      'the event type export.ready is declared twice',
    );
  });
});
