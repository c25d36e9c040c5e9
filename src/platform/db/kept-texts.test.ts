import { describe, expect, it } from 'vitest';
import { keptTexts } from './kept-texts.ts';

describe('the texts a PostgreSQL pool keeps', () => {
  it('keeps a text from its second call, under one name for good', () => {
    const kept = keptTexts({ kept: 10, candidates: 10 });
    const text = 'SELECT id FROM funders WHERE id = $1';
    expect(kept.nameOf(text)).toBeNull();
    const name = kept.nameOf(text);
    expect(name).toMatch(/^kept_\d+$/);
    expect(kept.nameOf(text)).toBe(name);
  });

  it('never keeps a text with a `*` but count(*)', () => {
    const kept = keptTexts({ kept: 10, candidates: 10 });
    for (const text of ['SELECT * FROM offers WHERE id = $1', 'SELECT b.* FROM (SELECT 1) b WHERE $1']) {
      kept.nameOf(text);
      expect(kept.nameOf(text)).toBeNull();
    }
    const counted = 'SELECT count(*) AS n FROM offers WHERE request_id = $1';
    kept.nameOf(counted);
    expect(kept.nameOf(counted)).toMatch(/^kept_/);
  });

  it('keeps no more than its bound, and forgets texts seen once when too many come', () => {
    const kept = keptTexts({ kept: 2, candidates: 3 });
    const texts = ['SELECT $1::int AS a', 'SELECT $1::int AS b', 'SELECT $1::int AS c'];
    for (const text of texts) kept.nameOf(text);
    expect(texts.map((text) => kept.nameOf(text))).toEqual(['kept_1', 'kept_2', null]);
    // Texts made afresh at every call: each seen once, none kept, the set of them bounded.
    const fresh = keptTexts({ kept: 5, candidates: 3 });
    for (let i = 0; i < 20; i += 1) expect(fresh.nameOf(`SELECT $1::int AS n${i}`)).toBeNull();
    // The first of them was forgotten: seen again, it counts as a first call.
    expect(fresh.nameOf('SELECT $1::int AS n0')).toBeNull();
  });
});
