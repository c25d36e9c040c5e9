import type { Db } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import * as store from './demo.store.ts';

/** How long a reset's lease lasts without renewal, and how often a running reset renews it. */
const LEASE_SECONDS = 120;
const RENEW_EVERY_MS = 30_000;

/** Calls `renew` every so often until the returned function stops it. */
export type LeaseTimer = (renew: () => Promise<unknown>) => () => void;

export const everyThirtySeconds: LeaseTimer = (renew) => {
  const timer = setInterval(() => void renew(), RENEW_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
};

/** Across servers, one reset at a time, under a lease renewed while the reset runs. */
export async function exclusive<T>(
  deps: { db: Db; leaseTimer: LeaseTimer },
  work: (holder: string) => Promise<T>,
): Promise<T> {
  const holder = newId();
  if (!(await store.takeResetLease(deps.db, holder, LEASE_SECONDS))) {
    throw new ApiError('conflict', 'Another server is resetting the demonstration plane; retry in a moment.');
  }
  // A renewal that fails leaves the lease to lapse; the check before the commit then refuses.
  const stop = deps.leaseTimer(() => store.renewResetLease(deps.db, holder, LEASE_SECONDS).catch(() => null));
  try {
    return await work(holder);
  } finally {
    stop();
    await store.freeResetLease(deps.db, holder);
  }
}
