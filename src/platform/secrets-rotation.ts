import type { Clock } from './clock.ts';
import type { Derivation, SecretBox } from './crypto.ts';
import { OPERATOR, runAs } from './db/actor.ts';
import type { Db, Queryable } from './db/db.ts';
import { sealedColumn } from './db/sealed-column.ts';
import { SEALED_BODY } from './http/idempotency.store.ts';
import { joinSealed, type SealedColumn } from './sealed.ts';
import { forgetKeys, keepKey, readKeptKeys } from './secrets.store.ts';

/** The platform's own sealed columns: the kept answers that show a secret, the kept keys. */
export const PLATFORM_SEALED: readonly SealedColumn[] = [
  sealedColumn('idempotency_keys', 'response_body', SEALED_BODY),
  sealedColumn('kept_keys', 'sealed'),
];

/**
 * The kept keys link tokens were derived under (table kept_keys): `derived-values.<generation>`.
 * The bare name is generation 1's, as the rotations before generations were numbered kept it.
 */
export const DERIVATION_KEY_NAME = 'derived-values';

const derivationKeyName = (generation: number): string => `${DERIVATION_KEY_NAME}.${generation}`;

function generationOfName(name: string): number | null {
  if (name === DERIVATION_KEY_NAME) return 1;
  const generation = Number(name.slice(DERIVATION_KEY_NAME.length + 1));
  return Number.isSafeInteger(generation) && generation > 0 ? generation : null;
}

/**
 * The derivation keys kept, each opened with `open` (a box of the secrets key and the previous
 * one). The numbered name wins over the bare one for generation 1.
 */
export async function keptDerivations(
  db: Queryable,
  open: (sealed: string) => string,
): Promise<Derivation[]> {
  const byGeneration = new Map<number, { numbered: boolean; sealed: string }>();
  for (const row of await readKeptKeys(db, DERIVATION_KEY_NAME)) {
    const generation = generationOfName(row.name);
    if (generation === null) continue;
    const numbered = row.name !== DERIVATION_KEY_NAME;
    if (!byGeneration.get(generation)?.numbered)
      byGeneration.set(generation, { numbered, sealed: row.sealed });
  }
  return [...byGeneration].map(([generation, { sealed }]) => ({
    generation,
    key: Buffer.from(open(sealed), 'base64'),
  }));
}

export interface RotationReport {
  /** Values sealed again under the new key, by table. */
  resealed: Record<string, number>;
  /**
   * Link tokens: the generation new ones are derived in (the new key's), the generation whose
   * key this rotation keeps (the previous key's: links made in it still show their URL), and the
   * generations whose keys it no longer keeps (links made in those no longer show one).
   */
  derivation: { generation: number; kept: number | null; forgotten: number[] };
}

const PAGE = 500;

/**
 * The previous key's derivation key kept, sealed, so that links made in its generation still
 * show their URL once that key is gone; every older generation's forgotten, so that nothing
 * drawn from the key before it stays.
 */
async function keepPreviousDerivation(
  db: Db,
  box: SecretBox,
  clock: Clock,
): Promise<RotationReport['derivation']> {
  const keep = box.derivationToKeep();
  if (!keep) return { generation: box.generation, kept: null, forgotten: [] };
  const name = derivationKeyName(keep.generation);
  await keepKey(db, name, box.seal(keep.key.toString('base64')), clock.now());
  const others = (await readKeptKeys(db, DERIVATION_KEY_NAME))
    .map((row) => row.name)
    .filter((n) => n !== name);
  const forgotten = (await forgetKeys(db, others))
    .map(generationOfName)
    .filter((generation): generation is number => generation !== null && generation !== keep.generation);
  return {
    generation: box.generation,
    kept: keep.generation,
    forgotten: [...new Set(forgotten)].sort((a, b) => a - b),
  };
}

/**
 * Seals every sealed value again under the box's current key, reading it under the current or
 * the previous one: `funder-api secrets rotate`, over the columns the areas declare (`sealed` of
 * their modules, joined: `services.sealed`) and the platform's own. Safe to run while servers
 * serve (each value is replaced only if unchanged since it was read) and to run again (a value
 * already under the current key is left). First, the previous key's derivation key is kept and
 * the older ones forgotten (keepPreviousDerivation).
 */
export function rotateSecrets(
  db: Db,
  box: SecretBox,
  clock: Clock,
  areaColumns: readonly SealedColumn[],
): Promise<RotationReport> {
  const columns = joinSealed(areaColumns, PLATFORM_SEALED);
  return runAs(OPERATOR, async () => {
    const derivation = await keepPreviousDerivation(db, box, clock);
    const resealed: Record<string, number> = {};
    for (const column of columns) {
      let count = 0;
      let after = '';
      for (;;) {
        const values = await column.values(db, after, PAGE);
        for (const value of values) {
          const next = box.reseal(value);
          if (next !== null && (await column.replace(db, value, next))) count += 1;
        }
        if (values.length < PAGE) break;
        after = values.at(-1)!;
      }
      resealed[column.table] = count;
    }
    return { resealed, derivation };
  });
}
