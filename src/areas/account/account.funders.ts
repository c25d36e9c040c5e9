import { type Caller, type Environment, planeOf } from '../../platform/caller.ts';
import type { Db, Queryable } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { RunWrite } from '../../platform/write.ts';
import * as store from './account.store.ts';
import { type FunderView, funderView } from './account.views.ts';

export const ENVIRONMENTS: readonly Environment[] = ['live', 'sandbox', 'unclassified'];

/** A funder's environment, read in the caller's transaction (routing checks the plane), or null. */
export async function funderEnvironment(q: Queryable, bankId: string): Promise<Environment | null> {
  return (await store.opsFindFunder(q, bankId))?.environment ?? null;
}

/** Names are stored trimmed; one that is only spaces is refused like a missing one. */
export function nameOf(raw: string): string {
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

export async function requireFunder(q: Queryable, bankId: string, lock = false) {
  const funder = await store.opsFindFunder(q, bankId, { lock });
  if (!funder) throw new ApiError('not_found', 'Funder was not found.');
  return funder;
}

/** The operations team's side of funders: create, classify, suspend, read. */
export function createAccountFunders(deps: { db: Db; write: RunWrite }) {
  const { db, write } = deps;
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
  };
}
