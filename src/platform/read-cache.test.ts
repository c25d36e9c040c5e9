import { describe, expect, it } from 'vitest';
import { KeptAnswers } from './read-cache.ts';

/** The kept answers' bounds (the reads themselves are tested over HTTP: test/read-cache.test.ts). */
describe('the kept answers of one server', () => {
  const entry = (bytes: number) => ({ value: Buffer.alloc(bytes) });

  it('lets the least recently used go first when over the count', () => {
    const kept = new KeptAnswers<{ value: Buffer }>(2, 1000);
    kept.set('a', entry(1));
    kept.set('b', entry(1));
    kept.get('a');
    kept.set('c', entry(1));
    expect([kept.get('a'), kept.get('b'), kept.get('c')]).toEqual([entry(1), undefined, entry(1)]);
    expect(kept.size()).toEqual({ entries: 2, bytes: 2 });
  });

  it('keeps within its byte budget, and never an answer larger than the budget', () => {
    const kept = new KeptAnswers<{ value: Buffer }>(10, 100);
    kept.set('a', entry(60));
    kept.set('b', entry(30));
    kept.set('c', entry(30));
    expect(kept.get('a')).toBeUndefined();
    expect(kept.size()).toEqual({ entries: 2, bytes: 60 });
    kept.set('huge', entry(101));
    expect(kept.get('huge')).toBeUndefined();
    expect(kept.size()).toEqual({ entries: 2, bytes: 60 });
    // Kept again under the same name, an answer replaces the one before, bytes and all.
    kept.set('b', entry(10));
    expect(kept.size()).toEqual({ entries: 2, bytes: 40 });
  });
});
