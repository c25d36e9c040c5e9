import type { FunderCaller } from '../../platform/caller.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import { DAY_MS, type ExportsDeps } from './exports.deps.ts';
import { BUILD_JOB } from './exports.jobs.ts';
import * as store from './exports.store.ts';
import { funderRef, liveScope, startProgress, exportView as view } from './exports.view.ts';

/** Spec, Limits: one export at a time, at most 10 in 24 hours. */
export const EXPORTS_PER_DAY = 10;

/** Asking for an export: the limits, the row, the build job queued. */
export function createExportRequest(deps: Pick<ExportsDeps, 'write'>) {
  const { write } = deps;
  return {
    /** POST /v1/exports: queues an export of everything the funder can see on the live plane. */
    async request(caller: FunderCaller, input: { lang?: string }) {
      const scope = liveScope(caller);
      return write(caller, async ({ tx, now, evidence }) => {
        await store.lockFunderExports(tx, scope);
        const load = await store.exportLoad(tx, scope, new Date(now.getTime() - DAY_MS));
        if (load.unfinished) {
          throw new ApiError('export_rate_limited', 'An export is still being built: one at a time.', {
            extra: { reason: 'export_in_progress', export_id: load.unfinished, next_allowed_at: null },
          });
        }
        if (load.recent.length >= EXPORTS_PER_DAY) {
          const next = new Date(load.recent[load.recent.length - EXPORTS_PER_DAY]!.getTime() + DAY_MS);
          const seconds = Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000));
          throw new ApiError('export_rate_limited', `At most ${EXPORTS_PER_DAY} exports in 24 hours.`, {
            extra: {
              reason: 'daily_limit',
              next_allowed_at: next.toISOString(),
              retry_after_seconds: seconds,
            },
            headers: { 'retry-after': String(seconds) },
          });
        }
        const id = newId();
        const row = await store.insertExport(tx, scope, {
          id,
          keyId: caller.keyId,
          lang: input.lang ?? 'en',
          actorRole: 'api_key',
          now,
          progress: startProgress('queued'),
        });
        await enqueueJob(tx, {
          kind: BUILD_JOB,
          payload: { export_id: id },
          runAt: now,
          jobKey: `${BUILD_JOB}:${id}`,
          maxAttempts: 5,
        });
        evidence({
          funderId: scope.funderId,
          plane: scope.plane,
          kind: 'export.requested',
          subjectType: 'export',
          subjectId: id,
          payload: { lang: row.lang },
        });
        return { funder: funderRef(caller), export: view(row, now) };
      });
    },
  };
}
