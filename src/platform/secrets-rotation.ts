import type { Clock } from './clock.ts';
import type { SecretBox } from './crypto.ts';
import { OPERATOR, runAs } from './db/actor.ts';
import type { Db } from './db/db.ts';
import { keepKey, replaceSealed, SEALED_COLUMNS, sealedValues } from './secrets.store.ts';

/** The kept key the link tokens are derived under (table kept_keys). */
export const DERIVATION_KEY_NAME = 'derived-values';

export interface RotationReport {
  /** Values sealed again under the new key, by table. */
  resealed: Record<string, number>;
  /** Whether this rotation kept the derivation key (the first one does). */
  derivationKeyKept: boolean;
}

const PAGE = 500;

/**
 * Seals every sealed value again under the box's current key, reading it under the current or
 * the previous one: `funder-api secrets rotate`. Safe to run while servers serve (each value is
 * replaced only if unchanged since it was read) and to run again (a value already under the
 * current key is left). First, the key link tokens are derived under is kept, sealed, so the
 * tokens stay the same once the previous key is gone.
 */
export function rotateSecrets(db: Db, box: SecretBox, clock: Clock): Promise<RotationReport> {
  return runAs(OPERATOR, async () => {
    const derivationKeyKept = await keepKey(
      db,
      DERIVATION_KEY_NAME,
      box.seal(box.derivationKey().toString('base64')),
      clock.now(),
    );
    const resealed: Record<string, number> = {};
    for (const column of SEALED_COLUMNS) {
      let count = 0;
      let after = '';
      for (;;) {
        const values = await sealedValues(db, column, after, PAGE);
        for (const value of values) {
          const next = box.reseal(value);
          if (next !== null && (await replaceSealed(db, column, value, next))) count += 1;
        }
        if (values.length < PAGE) break;
        after = values.at(-1)!;
      }
      resealed[column.table] = count;
    }
    return { resealed, derivationKeyKept };
  });
}
