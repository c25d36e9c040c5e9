import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../../../test/support/service.ts';
import type { FunderScope } from '../../platform/caller.ts';
import { readEntityForRequests } from './exports.content.store.ts';
import type { Column, Entity } from './exports.entity.store.ts';
import { csvHeader } from './exports.formats.ts';

/**
 * The database writes every CSV and JSON Lines line of an export (exports.lines.store.ts). These
 * tests read lines of made-up rows through the same code the build uses, and read them back
 * with a CSV parser and JSON.parse.
 */

const SCOPE: FunderScope = { funderId: '00000000-0000-4000-8000-000000000001', plane: 'live' };

/** An entity over rows given as JSON ($3): each column read from the row's field of its name. */
function sampleEntity(columns: { name: string; type: Column['type']; cast: string }[]): Entity {
  return {
    name: 'samples',
    description: 'made-up rows',
    alias: 'v',
    from: `jsonb_array_elements($3::jsonb) WITH ORDINALITY AS v(row, n)
      WHERE $1::uuid IS NOT NULL AND $2::text IS NOT NULL`,
    key: [{ sql: 'v.n', type: 'integer' }],
    columns: columns.map(({ name, type, cast }) => ({
      name,
      type,
      sql: cast === 'jsonb' ? `(v.row->'${name}')` : `(v.row->>'${name}')::${cast}`,
    })),
  };
}

const neutralised = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

describe('the lines the database writes', () => {
  let service: TestService;
  // The rows travel as one JSON parameter in the place of the batch of request ids.
  const lines = async (entity: Entity, rows: unknown[]) =>
    readEntityForRequests(service.db, SCOPE, entity, JSON.stringify(rows) as unknown as string[]);

  beforeAll(async () => {
    service = await startService();
  });
  afterAll(async () => {
    await service?.close();
  });

  const texts = sampleEntity([{ name: 'note', type: 'text', cast: 'text' }]);

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])(
    'a text cell starting like a formula (%j) gets an apostrophe, and JSON keeps the text as it is',
    async (text) => {
      const got = await lines(texts, [{ note: text }]);
      const [row] = parse(got.csv, { relax_quotes: false }) as string[][];
      expect(row).toEqual([`'${text}`]);
      expect(JSON.parse(got.json)).toEqual({ note: text });
    },
  );

  it('quote a cell only when it holds a comma, a quote or a line break, and leave negative amounts as numbers', async () => {
    const entity = sampleEntity([
      { name: 'amount', type: 'decimal', cast: 'numeric' },
      { name: 'note', type: 'text', cast: 'text' },
      { name: 'plain', type: 'text', cast: 'text' },
    ]);
    const got = await lines(entity, [{ amount: '-12.50', note: 'say "hi",\nthen go', plain: 'Acme S.L.' }]);
    expect(got.csv).toBe('-12.50,"say ""hi"",\nthen go",Acme S.L.\r\n');
    expect(got.json).toBe('{"amount":"-12.50","note":"say \\"hi\\",\\nthen go","plain":"Acme S.L."}\n');
    expect(got.count).toBe(1);
  });

  it('write every type as schema.json says, and null as an empty cell and JSON null', async () => {
    const entity = sampleEntity([
      { name: 'id', type: 'uuid', cast: 'uuid' },
      { name: 'n', type: 'integer', cast: 'bigint' },
      { name: 'amount', type: 'decimal', cast: 'numeric' },
      { name: 'yes', type: 'boolean', cast: 'boolean' },
      { name: 'at', type: 'timestamp', cast: 'timestamptz' },
      { name: 'day', type: 'date', cast: 'date' },
      { name: 'detail', type: 'json', cast: 'jsonb' },
      { name: 'codes', type: 'text[]', cast: 'text[]' },
    ]);
    const full = {
      id: '5d0c7f8e-2b1a-4c3d-9e8f-0a1b2c3d4e5f',
      n: '9007199254740993',
      amount: '1234.50',
      yes: 'true',
      at: '2026-11-23T10:20:30.123456+01:00',
      day: '2026-02-28',
      detail: { b: [1, 'x'], a: '=danger' },
      codes: '{gate_a,"with, comma"}',
    };
    const got = await lines(entity, [full, {}]);
    const [csvFull, csvEmpty] = parse(csvHeader(entity) + got.csv, { columns: true }) as Record<
      string,
      string
    >[];
    expect(csvFull).toEqual({
      id: full.id,
      n: '9007199254740993',
      amount: '1234.50',
      yes: 'true',
      // UTC, milliseconds (the microseconds cut, not rounded).
      at: '2026-11-23T09:20:30.123Z',
      day: '2026-02-28',
      detail: '{"a": "=danger", "b": [1, "x"]}',
      codes: '["gate_a","with, comma"]',
    });
    expect(Object.values(csvEmpty!)).toEqual(['', '', '', '', '', '', '', '']);
    const [jsonFull, jsonEmpty] = got.json.split('\n');
    // Integers stay exact: the text is checked, not a float parsed from it.
    expect(jsonFull).toContain('"n":9007199254740993,');
    const { n: _n, ...parsed } = JSON.parse(jsonFull!);
    expect(parsed).toEqual({
      id: full.id,
      amount: '1234.50',
      yes: true,
      at: '2026-11-23T09:20:30.123Z',
      day: '2026-02-28',
      detail: { a: '=danger', b: [1, 'x'] },
      codes: ['gate_a', 'with, comma'],
    });
    expect(JSON.parse(jsonEmpty!)).toEqual(Object.fromEntries(entity.columns.map((c) => [c.name, null])));
  });

  it('read any text back from both files: CSV as the text neutralised, JSON as the text', async () => {
    // Characters each format treats specially, other scripts, and characters outside the BMP.
    const piece = fc.constantFrom(
      ...['=', '+', '-', '@', '\t', '\r', '\n', '"', ',', "'", '\\', '/', '\u0001', '\u001f', '\u007f'],
      ...['\u2028', 'a', 'Z', '0', ' ', 'é', 'ß', '€', '漢', '𝄞', '😀', '{', '}', '[', ']', ':'],
    );
    const text = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.option(text, { nil: null }), { minLength: 1, maxLength: 20 }),
        async (notes) => {
          const got = await lines(
            texts,
            notes.map((note) => ({ note })),
          );
          const csvRows = parse(got.csv, { relax_column_count: false }) as string[][];
          expect(csvRows.map((row) => row[0])).toEqual(
            notes.map((note) => (note === null ? '' : neutralised(note))),
          );
          expect(got.csv.endsWith('\r\n')).toBe(true);
          const jsonRows = got.json.split('\n');
          expect(jsonRows.pop()).toBe('');
          expect(jsonRows.map((line) => JSON.parse(line).note)).toEqual(notes);
        },
      ),
      { numRuns: 60 },
    );
  });
});
