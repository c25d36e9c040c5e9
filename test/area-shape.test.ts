import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaOf, ROOT, readSource, withoutComments } from '../scripts/source-graph.ts';

/*
 * docs/architecture.md, "One way to build an area", checked over every area:
 *
 *  - `<area>.service.ts` exports one factory, `create<Area>Service`, which only composes the
 *    subject factories: no `async`, `await` or `throw`, no store imported; no other file of the
 *    area is named `*.service.ts`;
 *  - every file of an area exports at most one `create*` factory;
 *  - `<area>.module.ts` exports one function, `<area>Module`, which answers `defineArea({...})`;
 *    it declares no rule of its own (no other function, no `async`, `await` or `throw`, no store);
 *  - the jobs an area runs come from the one factory of `<area>.jobs.ts`, `create<Area>Jobs`.
 */

const files = readSource();
const areas = readdirSync(join(ROOT, 'src/areas'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const pascal = (area: string) => area.replace(/(^|-)([a-z])/g, (_m, _dash, c: string) => c.toUpperCase());
const camel = (area: string) => area.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

/** Comments and strings' contents removed (import specifiers kept), so that prose does not count. */
const code = (text: string) => withoutComments(text).replace(/(?<!from\s*)'(?:[^'\\\n]|\\.)*'/g, "''");

const exportedFunctions = (text: string): string[] =>
  [...code(text).matchAll(/^export\s+(?:async\s+)?(?:function\s+|const\s+)([A-Za-z0-9_]+)/gm)].map(
    (m) => m[1]!,
  );

const factories = (text: string) => exportedFunctions(text).filter((name) => /^create[A-Z]/.test(name));

/** What a composing file must not hold: a rule of its own. */
function rulesIn(file: { text: string }): string[] {
  const found: string[] = [];
  const body = code(file.text);
  for (const word of ['async', 'await', 'throw'])
    if (new RegExp(`\\b${word}\\b`).test(body)) found.push(word);
  // A store's functions may be published (`export { ... } from './x.store.ts'`), not used here.
  for (const used of body.matchAll(/^import\b[^;]*?from\s*'([^']*\.store\.ts)'/gm))
    found.push(`imports ${used[1]}`);
  return found;
}

/** A file as the source graph reads it, for the checks' own cases. */
const sample = (text: string) => ({ text });

function serviceFaults(area: string): string[] {
  const name = `src/areas/${area}/${area}.service.ts`;
  const file = files.find((f) => f.name === name);
  if (!file) return [`${area}: no ${area}.service.ts`];
  const faults = rulesIn(file).map((rule) => `${name}: ${rule}`);
  const exported = exportedFunctions(file.text);
  if (JSON.stringify(exported) !== JSON.stringify([`create${pascal(area)}Service`]))
    faults.push(
      `${name} exports ${exported.join(', ') || 'nothing'}, not create${pascal(area)}Service alone`,
    );
  return faults;
}

function moduleFaults(area: string): string[] {
  const name = `src/areas/${area}/${area}.module.ts`;
  const file = files.find((f) => f.name === name)!;
  const faults = rulesIn(file).map((rule) => `${name}: ${rule}`);
  const body = code(file.text);
  const exported = exportedFunctions(file.text);
  if (JSON.stringify(exported) !== JSON.stringify([`${camel(area)}Module`]))
    faults.push(`${name} exports ${exported.join(', ')}, not ${camel(area)}Module alone`);
  const declared = [...body.matchAll(/^(?:function\s+|const\s+[A-Za-z0-9_]+\s*=\s*(?:async\s*)?\()/gm)];
  if (declared.length > 0) faults.push(`${name} declares a function of its own`);
  if (!/\bdefineArea\(/.test(body)) faults.push(`${name} does not answer defineArea`);
  if (/\bjobs:/.test(body)) {
    const jobsFile = `src/areas/${area}/${area}.jobs.ts`;
    if (!file.imports.includes(jobsFile) || !body.includes(`jobs: create${pascal(area)}Jobs(`))
      faults.push(`${name}: jobs not from create${pascal(area)}Jobs of ${area}.jobs.ts`);
  }
  return faults;
}

describe('the shape of every area', () => {
  it('has a service that only composes, and no other file named as a service', () => {
    expect(areas.length).toBeGreaterThanOrEqual(22);
    expect(areas.flatMap(serviceFaults)).toEqual([]);
    const otherServices = files.filter(
      (f) =>
        areaOf(f.name) && f.name.endsWith('.service.ts') && !f.name.endsWith(`/${areaOf(f.name)}.service.ts`),
    );
    expect(otherServices.map((f) => f.name)).toEqual([]);
  });

  it('has one factory per subject file', () => {
    const many = files
      .filter((f) => areaOf(f.name))
      .map((f) => ({ name: f.name, factories: factories(f.text) }))
      .filter((f) => f.factories.length > 1);
    expect(many).toEqual([]);
  });

  it('has a module that declares the parts in one object and holds no rule', () => {
    expect(areas.flatMap(moduleFaults)).toEqual([]);
  });

  it('has its jobs, if any, from its jobs file alone', () => {
    const jobsFiles = files.filter((f) => /^src\/areas\/([^/]+)\/\1\.jobs\.ts$/.test(f.name));
    expect(jobsFiles.length).toBeGreaterThanOrEqual(5);
    for (const file of jobsFiles) {
      expect(factories(file.text), file.name).toEqual([`create${pascal(areaOf(file.name)!)}Jobs`]);
    }
    // No job handler is written outside the jobs files and the platform's worker.
    const handlers = files
      .filter((f) => areaOf(f.name) && !f.name.endsWith('.jobs.ts'))
      .filter((f) => /:\s*JobHandler\s*=/.test(code(f.text)));
    expect(handlers.map((f) => f.name)).toEqual([]);
  });

  it('is shown by the smallest area in docs/architecture.md as the code has it', () => {
    const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    const example = doc.split('**The smallest area, as the example to copy**')[1]?.split('\n## ')[0] ?? '';
    const blocks = [...example.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!.trim());
    expect(blocks).toHaveLength(2);
    const source = ['module', 'service'].map(
      (kind) => files.find((f) => f.name === `src/areas/payer-record/payer-record.${kind}.ts`)!.text,
    );
    expect(source[0]).toContain(blocks[0]);
    expect(source[1]).toContain(blocks[1]);
  });

  it('checks see what they look for', () => {
    expect(pascal('bank-data')).toBe('BankData');
    expect(camel('payer-record')).toBe('payerRecord');
    expect(rulesIn(sample('export function createX() { return { async read() {} }; }'))).toEqual(['async']);
    expect(rulesIn(sample("const m = 'async'; // await\n/* throw */"))).toEqual([]);
    expect(rulesIn(sample("import * as store from './a.store.ts';"))).toEqual(['imports ./a.store.ts']);
    expect(rulesIn(sample("export { announce } from './a.store.ts';"))).toEqual([]);
    expect(
      factories('export function createA() {}\nexport const createB = () => 1;\nexport function c() {}'),
    ).toEqual(['createA', 'createB']);
    expect(exportedFunctions("export { a } from './a.ts';\nexport type T = 1;")).toEqual([]);
  });
});
