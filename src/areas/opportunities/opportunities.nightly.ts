import type { Caller, Plane } from '../../platform/caller.ts';
import { type Clock, madridInstant } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/db.ts';
import { newId } from '../../platform/ids.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import { decimalToEuros } from '../../platform/money.ts';
import type { RunWrite } from '../../platform/write.ts';
import * as publication from './opportunities.publish.store.ts';
import * as runs from './opportunities.runs.store.ts';
import { linesPath } from './opportunities.views.ts';

/** Madrid wall-clock times of the night: runs start at 01:00; the digest is published at 06:30. */
export const RUN_TIME = '01:00';
export const PUBLISH_TIME = '06:30';

export const NIGHTLY_JOB = 'opportunities.nightly';
export const RUN_JOB = 'opportunities.run';
export const PUBLISH_JOB = 'opportunities.publish';
/** Not a job of the worker: the actor of a sandbox key's preview publication (its advance helper). */
export const PREVIEW_JOB = 'opportunities.preview';

/** The instant a night's digest is published (06:30 in Madrid on its date). */
export const publishInstant = (date: string) => madridInstant(date, PUBLISH_TIME);

export interface NightDeps {
  db: Db;
  clock: Clock;
  write: RunWrite;
}

const system = (job: string): Caller => ({ kind: 'system', job });

/**
 * Runs (or resumes) one run's steps. The nightly job's run is abandoned instead once its
 * morning has come (its digest is published stale); a run asked for by the operations team
 * completes whatever the hour, as does a sandbox key's preview run (`preview`).
 */
export async function executeRun(
  deps: NightDeps,
  runId: string,
  deadline = true,
  preview = false,
): Promise<runs.RunStatus | null> {
  const { db, clock } = deps;
  for (;;) {
    const status = await db.transaction(async (tx) => {
      const run = await runs.lockRunForOps(tx, runId, preview);
      if (!run) return null;
      const now = clock.now();
      if (run.status === 'completed' || run.status === 'abandoned') return run.status;
      if (deadline && now.getTime() >= publishInstant(run.run_date).getTime()) {
        await runs.abandonRunForOps(tx, run, now);
        return 'abandoned' as const;
      }
      if (run.status === 'pending') await runs.snapshotForOps(tx, run, now);
      else await runs.compareForOps(tx, run, now);
      return undefined;
    });
    if (status !== undefined) return status;
  }
}

/**
 * Publishes the date's digests (one per funder and plane), with their events unless `quiet`
 * (the demonstration plane's past mornings are history, not news for anyone's endpoints).
 * With `sandboxKeyId` (and the owner), that key's preview digest of the date instead: its event
 * is the key's (its endpoints and event log alone get it), its evidence entry names the key.
 */
export async function publish(
  deps: NightDeps,
  date: string,
  owner: { funderId: string; plane: Plane } | null = null,
  options: { quiet?: boolean; sandboxKeyId?: string } = {},
) {
  const { write } = deps;
  const keyId = options.sandboxKeyId ?? null;
  const caller: Caller = keyId
    ? { kind: 'system', job: PREVIEW_JOB, causedByKey: keyId }
    : system(PUBLISH_JOB);
  return write(caller, async ({ tx, now, evidence, emit }) => {
    const digests = await publication.publishForOps(tx, date, now, newId, owner, keyId);
    for (const d of digests) {
      evidence({
        funderId: d.funder_id,
        plane: d.plane,
        kind: 'opportunities.digest_published',
        subjectType: 'opportunity_digest',
        subjectId: d.id,
        payload: {
          date: d.digest_date,
          stale: d.stale,
          lines: d.line_count,
          eligible: d.eligible_count,
          ...(keyId ? { preview_for_key: keyId } : {}),
        },
      });
      if (d.line_count > 0 && !options.quiet) {
        emit({
          funderId: d.funder_id,
          plane: d.plane,
          type: 'opportunities.daily',
          data: {
            digest_id: d.id,
            date: d.digest_date,
            stale: d.stale,
            new: { count: d.new_count, total: decimalToEuros(d.new_total) },
            changes: {
              paid: d.changes_paid,
              disputed: d.changes_disputed,
              no_longer_eligible: d.changes_no_longer_eligible,
            },
            lines: linesPath(d.digest_date),
          },
        });
      }
    }
    return digests;
  });
}

/** The night's runs, created once, and a job per run plus the morning's publication. */
export async function startNight(deps: NightDeps, date: string): Promise<string[]> {
  const { db, clock } = deps;
  const runIds = await runs.ensureRunsForOps(db, date, clock.now(), newId);
  for (const id of runIds) {
    await enqueueJob(db, {
      kind: RUN_JOB,
      payload: { run_id: id },
      runAt: clock.now(),
      jobKey: `${RUN_JOB}:${id}`,
    });
  }
  await enqueueJob(db, {
    kind: PUBLISH_JOB,
    payload: { date },
    runAt: publishInstant(date),
    jobKey: `${PUBLISH_JOB}:${date}`,
  });
  return runIds;
}
