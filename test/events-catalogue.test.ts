import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../scripts/source-graph.ts';
import { startGiven } from './support/service.ts';

/**
 * docs/webhooks.md, "Event types": the catalogue of event types has one row for each type the
 * service's areas declare (the joined registry the document's `webhooks` section and
 * `GET /v1/webhooks` read), and no row for a type they do not.
 */
const { service } = startGiven();

/** The types named in the first cell of the catalogue's rows, in the table's order. */
function catalogueTypes(): string[] {
  const doc = readFileSync(join(ROOT, 'docs/webhooks.md'), 'utf8');
  const section = doc.split('\n## Event types\n')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .map((line) => /^\| `([a-z_]+\.[a-z_.]+)` \|(.+)\|$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => {
      // Every row fills its four cells.
      expect(
        match[2]!
          .split('|')
          .map((cell) => cell.trim())
          .filter(Boolean),
        match[1],
      ).toHaveLength(3);
      return match[1]!;
    });
}

describe('the catalogue of event types', () => {
  it('has one row for every declared event type and none for another', () => {
    const rows = catalogueTypes();
    const declared = service.runtime.services.events.names;
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows).size, 'a type has two rows').toBe(rows.length);
    expect([...rows].sort()).toEqual([...declared].sort());
  });
});
