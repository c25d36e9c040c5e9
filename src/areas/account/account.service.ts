import {
  type Caller,
  type Environment,
  type FunderCaller,
  type Plane,
  planeOf,
} from '../../platform/caller.ts';
import type { Clock } from '../../platform/clock.ts';
import { newApiKeySecret, sha256Hex } from '../../platform/crypto.ts';
import type { Db, Queryable } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { type KeyLookup, keyWindows } from '../../platform/http/auth.ts';
import { isScope } from '../../platform/http/scopes.ts';
import { newId } from '../../platform/ids.ts';
import { counterTarget, countsFrom } from '../../platform/rate-limit.ts';
import { API_VERSION } from '../../platform/version.ts';
import type { RunWrite } from '../../platform/write.ts';
import * as store from './account.store.ts';

export const ENVIRONMENTS: readonly Environment[] = ['live', 'sandbox', 'unclassified'];

export interface FunderView {
  bank_id: string;
  name: string;
  environment: Environment;
  status: 'active' | 'suspended';
  created_at: string;
}

export interface KeyView {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  created_at: string;
  expires_at: string | null;
  prospect: string | null;
}

export interface KeyAdminView extends KeyView {
  bank_id: string;
  revoked_at: string | null;
  rate_limit: { per_minute: number | null; per_hour: number | null };
}

const funderView = (row: store.FunderRow): FunderView => ({
  bank_id: row.id,
  name: row.name,
  environment: row.environment,
  status: row.status,
  created_at: row.created_at.toISOString(),
});

const keyView = (row: store.KeyRow): KeyView => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  created_at: row.created_at.toISOString(),
  expires_at: row.expires_at ? row.expires_at.toISOString() : null,
  prospect: row.prospect,
});

const keyAdminView = (row: store.KeyRow): KeyAdminView => ({
  ...keyView(row),
  bank_id: row.funder_id,
  revoked_at: row.revoked_at ? row.revoked_at.toISOString() : null,
  rate_limit: { per_minute: row.rate_per_minute, per_hour: row.rate_per_hour },
});

export interface IssueKeyInput {
  bank_id: string;
  name: string;
  scopes: string[];
  expires_at?: string | null;
  prospect?: string | null;
  rate_limit?: { per_minute?: number | null; per_hour?: number | null } | null;
}

/**
 * What a key sees: its own plane, fixed when it was issued, and nothing while its funder is
 * unclassified. The funder's classification never moves a key to the other plane.
 */
function planeOfKey(row: store.KeyWithFunder): Plane | null {
  if (row.funder_environment === 'unclassified') return null;
  return row.plane;
}

export type AccountService = ReturnType<typeof createAccountService>;

/** A funder's environment, read in the caller's transaction (routing checks the plane), or null. */
export async function funderEnvironment(q: Queryable, bankId: string): Promise<Environment | null> {
  return (await store.opsFindFunder(q, bankId))?.environment ?? null;
}

export function createAccountService(deps: {
  db: Db;
  clock: Clock;
  write: RunWrite;
  /** Rate limits counted in the database: the key lookup counts the call in the same statement. */
  countOnLookup?: boolean;
}) {
  const { db, write } = deps;

  /** Names are stored trimmed; one that is only spaces is refused like a missing one. */
  function nameOf(raw: string): string {
    const name = raw.trim();
    if (name === '')
      throw new ApiError('body_invalid', 'name must not be blank.', { extra: { field: 'name' } });
    return name;
  }

  function refuseClassification(funder: store.FunderRow, environment: Environment): void {
    if (funder.is_demonstration) {
      throw new ApiError(
        'classification_refused',
        'The demonstration funder is a sandbox funder for good: its keys only ever see the demonstration plane.',
      );
    }
    if (funder.environment === 'live') {
      throw new ApiError(
        'classification_refused',
        `A live funder stays live: it cannot become ${environment}. Suspend it to stop its keys.`,
      );
    }
  }

  async function requireFunder(q: Queryable, bankId: string, forUpdate = false) {
    const funder = await store.opsFindFunder(q, bankId, { forUpdate });
    if (!funder) throw new ApiError('not_found', 'Funder was not found.');
    return funder;
  }

  return {
    async createFunder(
      caller: Caller,
      input: { name: string; environment: Environment; demonstration?: boolean },
    ): Promise<FunderView> {
      const name = nameOf(input.name);
      return write(caller, async ({ tx, now, evidence }) => {
        const row = await store.opsInsertFunder(tx, {
          id: newId(),
          name,
          environment: input.environment,
          status: 'active',
          is_demonstration: input.demonstration ?? false,
          created_at: now,
        });
        evidence({
          funderId: row.id,
          plane: planeOf(row.environment),
          kind: 'funder.created',
          subjectType: 'funder',
          subjectId: row.id,
          payload: { name: row.name, environment: row.environment },
        });
        return funderView(row);
      });
    },

    /**
     * Classifies a funder. A key's plane is fixed when it is issued, so a classification never
     * moves a key from one plane to the other; it only decides what the funder's keys see at all
     * (nothing while unclassified) and the plane of keys issued from now on. Refused with 409
     * `classification_refused`: the demonstration funder as anything but sandbox, and a live
     * funder as anything but live (it is suspended instead).
     */
    async classifyFunder(
      caller: Caller,
      bankId: string,
      environment: Environment,
    ): Promise<FunderView & { changed: boolean }> {
      return write(caller, async ({ tx, now, evidence }) => {
        const before = await requireFunder(tx, bankId, true);
        if (before.environment === environment) return { ...funderView(before), changed: false };
        refuseClassification(before, environment);
        const after = await store.opsUpdateFunder(tx, bankId, { environment }, now);
        const plane = planeOf(environment);
        if (plane) await store.opsFixUnsetKeyPlanes(tx, bankId, plane);
        evidence({
          funderId: bankId,
          plane: null,
          kind: 'funder.classified',
          subjectType: 'funder',
          subjectId: bankId,
          payload: { from: before.environment, to: environment },
        });
        return { ...funderView(after), changed: true };
      });
    },

    async setFunderStatus(
      caller: Caller,
      bankId: string,
      status: 'active' | 'suspended',
      reason: string | null,
    ): Promise<FunderView & { changed: boolean }> {
      return write(caller, async ({ tx, now, evidence }) => {
        const before = await requireFunder(tx, bankId, true);
        if (before.status === status) return { ...funderView(before), changed: false };
        const after = await store.opsUpdateFunder(tx, bankId, { status }, now);
        evidence({
          funderId: bankId,
          plane: null,
          kind: 'funder.status_changed',
          subjectType: 'funder',
          subjectId: bankId,
          payload: { from: before.status, to: status, reason },
        });
        return { ...funderView(after), changed: true };
      });
    },

    async listFunders(): Promise<FunderView[]> {
      return (await store.opsListFunders(db)).map(funderView);
    },

    async getFunder(bankId: string): Promise<FunderView> {
      return funderView(await requireFunder(db, bankId));
    },

    /** Issues a key; the secret is in the answer only, never stored or shown again. */
    async issueKey(caller: Caller, input: IssueKeyInput): Promise<{ key: KeyAdminView; secret: string }> {
      const unknown = input.scopes.filter((scope) => !isScope(scope));
      if (unknown.length > 0) {
        throw new ApiError('body_invalid', `Unknown scope(s): ${unknown.join(', ')}.`, {
          extra: { field: 'scopes' },
        });
      }
      const name = nameOf(input.name);
      const now = deps.clock.now();
      const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
      if (expiresAt && (Number.isNaN(expiresAt.getTime()) || expiresAt <= now)) {
        throw new ApiError('body_invalid', 'expires_at must be a date-time in the future.', {
          extra: { field: 'expires_at' },
        });
      }
      const secret = newApiKeySecret();
      return write(caller, async ({ tx, evidence }) => {
        const funder = await requireFunder(tx, input.bank_id);
        const row = await store.opsInsertKey(tx, {
          id: newId(),
          funder_id: funder.id,
          name,
          prefix: secret.slice(0, 12),
          secret_sha256: sha256Hex(secret),
          scopes: [...new Set(input.scopes)].sort(),
          prospect: input.prospect ?? null,
          rate_per_minute: input.rate_limit?.per_minute ?? null,
          rate_per_hour: input.rate_limit?.per_hour ?? null,
          created_at: now,
          expires_at: expiresAt,
          // Fixed here for the key's whole life (none yet while the funder is unclassified).
          plane: planeOf(funder.environment),
        });
        evidence({
          funderId: funder.id,
          plane: row.plane,
          kind: 'api_key.issued',
          subjectType: 'api_key',
          subjectId: row.id,
          payload: {
            name: row.name,
            prefix: row.prefix,
            scopes: row.scopes,
            expires_at: expiresAt?.toISOString() ?? null,
            plane: row.plane,
          },
        });
        return { key: keyAdminView(row), secret };
      });
    },

    async revokeKey(
      caller: Caller,
      keyId: string,
      reason: string | null,
    ): Promise<KeyAdminView & { changed: boolean }> {
      return write(caller, async ({ tx, now, evidence }) => {
        const before = await store.opsFindKey(tx, keyId, { forUpdate: true });
        if (!before) throw new ApiError('not_found', 'API key was not found.');
        if (before.revoked_at) return { ...keyAdminView(before), changed: false };
        const after = await store.opsRevokeKey(tx, keyId, now, reason);
        evidence({
          funderId: after.funder_id,
          plane: null,
          kind: 'api_key.revoked',
          subjectType: 'api_key',
          subjectId: keyId,
          payload: { prefix: after.prefix, reason },
        });
        return { ...keyAdminView(after), changed: true };
      });
    },

    async listKeys(bankId: string | null): Promise<KeyAdminView[]> {
      if (bankId) await requireFunder(db, bankId);
      return (await store.opsListKeys(db, bankId)).map(keyAdminView);
    },

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
