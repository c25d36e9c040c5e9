import type { FunderCaller, Plane } from '../../platform/caller.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db/db.ts';
import { type KeyLookup, keyWindows } from '../../platform/http/auth.ts';
import { counterTarget, countsFrom } from '../../platform/rate-limit.ts';
import { API_VERSION } from '../../platform/version.ts';
import * as store from './account.store.ts';

/**
 * What a key sees: its own plane, fixed when it was issued, and nothing while its funder is
 * unclassified. The funder's classification never moves a key to the other plane.
 */
function planeOfKey(row: store.KeyWithFunder): Plane | null {
  if (row.funder_environment === 'unclassified') return null;
  return row.plane;
}

/** The calling key: found by the auth hook on every call, and described by GET /v1/me. */
export function createAccountCaller(deps: {
  db: Db;
  /** Rate limits counted in the database: the key lookup counts the call in the same statement. */
  countOnLookup?: boolean;
}) {
  const { db } = deps;
  return {
    /** Used by the auth hook on every call: one indexed lookup by the key's SHA-256. */
    async lookupKey(secret: string, now: Date): Promise<KeyLookup> {
      // Counting in the database: the lookup counts the call in the same statement.
      const target = deps.countOnLookup ? counterTarget('key', keyWindows(null, null), now) : null;
      const found = target ? await store.authenticateKeyAndCount(db, sha256Hex(secret), target, now) : null;
      const row = target ? found : await store.authenticateKey(db, sha256Hex(secret));
      const counts = found && found.first_hits !== null ? found : null;
      if (!row) return { status: 'unknown' };
      if (row.revoked_at) return { status: 'revoked' };
      if (row.expires_at && row.expires_at <= now) return { status: 'expired' };
      const plane = planeOfKey(row);
      return {
        status: 'ok',
        funderActive: row.funder_status === 'active',
        ...(target && counts
          ? {
              counted: countsFrom(
                { ...target, windows: keyWindows(row.rate_per_minute, row.rate_per_hour) },
                counts,
              ),
            }
          : {}),
        ratePerMinute: row.rate_per_minute,
        ratePerHour: row.rate_per_hour,
        caller: {
          kind: 'funder',
          funderId: row.funder_id,
          funderName: row.funder_name,
          environment: plane === null ? 'unclassified' : plane === 'live' ? 'live' : 'sandbox',
          plane,
          keyId: row.id,
          keyName: row.name,
          scopes: row.scopes,
          keyDetails: {
            prefix: row.prefix,
            createdAt: row.created_at,
            expiresAt: row.expires_at,
            prospect: row.prospect,
          },
        },
      };
    },

    /** GET /v1/me */
    me(caller: FunderCaller) {
      const details = caller.keyDetails;
      return {
        api_version: API_VERSION,
        environment: caller.environment,
        funder: { bank_id: caller.funderId, name: caller.funderName },
        key: {
          id: caller.keyId,
          name: caller.keyName,
          prefix: details.prefix,
          scopes: [...caller.scopes],
          created_at: details.createdAt.toISOString(),
          expires_at: details.expiresAt ? details.expiresAt.toISOString() : null,
          prospect: details.prospect,
        },
      };
    },
  };
}
