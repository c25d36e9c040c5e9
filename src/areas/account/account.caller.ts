import { type FunderCaller, type Plane, planeOf } from '../../platform/caller.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db/db.ts';
import { type KeyLookup, keyWindows } from '../../platform/http/auth.ts';
import { rateLeases, sameValues } from '../../platform/rate-lease.ts';
import { counterTarget, countsFrom, type RateWindow, type WindowCount } from '../../platform/rate-limit.ts';
import { API_VERSION } from '../../platform/version.ts';
import * as store from './account.store.ts';

/**
 * What a key sees: its own plane, fixed when it was issued, and nothing while its funder is
 * unclassified. The funder's classification never moves a key to the other plane.
 */
function planeOfKey(row: store.KeyWithFunder): Plane | null {
  return planeOf(row.funder_environment) === null ? null : row.plane;
}

/** What the auth hook learns of a key found by its hash, with the call's place in its windows. */
function lookupOf(row: store.KeyWithFunder | null, now: Date, counted?: WindowCount[]): KeyLookup {
  if (!row) return { status: 'unknown' };
  if (row.revoked_at) return { status: 'revoked' };
  if (row.expires_at && row.expires_at <= now) return { status: 'expired' };
  const plane = planeOfKey(row);
  return {
    status: 'ok',
    funderActive: row.funder_status === 'active',
    ...(counted ? { counted } : {}),
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
}

const windowsOf = (row: store.KeyWithFunder) => keyWindows(row.rate_per_minute, row.rate_per_hour);
/** The call's place in each of the key's windows, as the auth hook reads it. */
const placed = (target: ReturnType<typeof counterTarget>, windows: RateWindow[], hits: readonly number[]) =>
  countsFrom({ ...target, windows }, { first_hits: hits[0]!, second_hits: hits[1] ?? null });

/** The calling key: found by the auth hook on every call, and described by GET /v1/me. */
export function createAccountCaller(deps: {
  db: Db;
  /** Rate limits counted in the database: the key lookup counts the call in the same statement. */
  countOnLookup?: boolean;
}) {
  const { db } = deps;
  // Calls counted ahead by this server for keys with high limits (platform/rate-lease.ts).
  const leases = rateLeases();
  return {
    /**
     * Used by the auth hook on every call: one indexed lookup by the key's SHA-256. Counting in
     * the database, the same statement counts the call, unless this server counted it ahead.
     */
    async lookupKey(secret: string, now: Date): Promise<KeyLookup> {
      const hash = sha256Hex(secret);
      if (!deps.countOnLookup) return lookupOf(await store.authenticateKey(db, hash), now);
      // The windows' starts are the same for every key; their limits are the key's own.
      const target = counterTarget('key', keyWindows(null, null), now);
      const starts = [target.firstStart, target.secondStart];
      const ahead = leases.take(hash, starts);
      if (ahead) {
        const row = await store.authenticateKey(db, hash);
        const windows = row ? windowsOf(row) : null;
        // No such key, or its limits are those the calls were counted under: the lookup answers.
        const limits = windows?.map((w) => w.limit) ?? [];
        if (!windows || sameValues(ahead.limits, limits)) {
          return lookupOf(row, now, windows ? placed(target, windows, ahead.hits) : undefined);
        }
        // The operations team changed the key's limits: what was counted under the old ones goes.
        leases.drop(hash);
      }
      const count = ahead ? { units: 1, giveBack: 0 } : leases.nextCount(hash, starts);
      const found = await store.authenticateKeyAndCount(db, hash, target, count, now);
      if (!found || found.first_hits === null) return lookupOf(found, now);
      const windows = windowsOf(found);
      const limits = windows.map((w) => w.limit);
      const totals = [found.first_hits, found.second_hits ?? found.first_hits];
      const hits = leases.counted(hash, { starts, limits }, count.units, totals);
      return lookupOf(found, now, placed(target, windows, hits));
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
