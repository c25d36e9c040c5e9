import { describe, expect, it } from 'vitest';
import { defineArea, jobsByKind, joinAreas } from './area.ts';
import type { ScrapeGauge } from './metrics-scrape.store.ts';

describe('job handlers by kind', () => {
  it('merges the parts, and stops at a kind two parts declare', () => {
    const run = async () => undefined;
    expect(Object.keys(jobsByKind({ a: run }, undefined, { b: run }))).toEqual(['a', 'b']);
    expect(() => jobsByKind({ a: run }, { a: async () => undefined })).toThrow(
      'the job kind a is declared twice',
    );
  });
});

describe('the areas joined', () => {
  const gauge = (source: string, name: string): ScrapeGauge => ({
    source,
    name,
    help: name,
    sql: () => 'NULL',
    whenNull: 0,
  });
  const area = <const N extends string>(name: N, scrape: ScrapeGauge[]) =>
    defineArea({ name, services: {}, routes: [], scrape });

  it('take every area’s scrape gauges in the route order, and stop at a name declared twice', () => {
    const joined = joinAreas({ a: area('a', [gauge('a', 'x')]), b: area('b', [gauge('b', 'y')]) }, [
      'b',
      'a',
    ]);
    expect(joined.scrape.map((g) => g.name)).toEqual(['y', 'x']);
    expect(() =>
      joinAreas({ a: area('a', [gauge('a', 'x')]), b: area('b', [gauge('b', 'x')]) }, ['a', 'b']),
    ).toThrow('the scrape gauge x is declared twice');
  });
});
