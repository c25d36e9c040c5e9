import type { Static } from 'typebox';
import {
  type Caller,
  type FunderCaller,
  type FunderScope,
  type OperatorCaller,
  type Plane,
  scopeOf,
} from '../../platform/caller.ts';
import { addDays, type Clock, madridDate, madridInstant } from '../../platform/clock.ts';
import { OPERATOR, runAs } from '../../platform/db/actor.ts';
import type { Db } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { enqueueJob, type JobHandler } from '../../platform/jobs.ts';
import { decimalToEuros } from '../../platform/money.ts';
import type { RunWrite } from '../../platform/write.ts';
import type { OpportunitiesQuery } from './opportunities.schemas.ts';
import * as store from './opportunities.store.ts';
import * as runs from './opportunity-runs.store.ts';

/** Madrid wall-clock times of the night: runs start at 01:00; the digest is published at 06:30. */
export const RUN_TIME = '01:00';
export const PUBLISH_TIME = '06:30';

export const NIGHTLY_JOB = 'opportunities.nightly';
export const RUN_JOB = 'opportunities.run';
export const PUBLISH_JOB = 'opportunities.publish';

/** Lines per page of `GET /v1/opportunities` (docs/decisions/opportunities.md). */
export const LINES_DEFAULT = 500;
export const LINES_MAX = 1000;

const publishInstant = (date: string) => madridInstant(date, PUBLISH_TIME);

export type OpportunitiesService = ReturnType<typeof createOpportunitiesService>;

/**
 * The nightly prequalification and the morning digest. At 01:00 Madrid time a run is created for
 * each funder and plane with clients (one per night: a unique key), and each run is a job of its
 * own: a snapshot of the eligible invoices of the clients that share them, then a comparison with
 * the last completed snapshot. At 06:30 the digests are published; a run not completed by then is
 * abandoned and its digest is stale.
 */
export function createOpportunitiesService(deps: { db: Db; clock: Clock; write: RunWrite }) {
  const { db, clock, write } = deps;
  const system = (job: string): Caller => ({ kind: 'system', job });

  /**
   * Runs (or resumes) one run's steps. The nightly job's run is abandoned instead once its
   * morning has come (its digest is published stale); a run asked for by the operations team
   * completes whatever the hour.
   */
  async function executeRun(runId: string, deadline = true): Promise<runs.RunStatus | null> {
    for (;;) {
      const status = await db.transaction(async (tx) => {
        const run = await runs.lockRunForOps(tx, runId);
        if (!run) return null;
        const now = clock.now();
        if (run.status === 'completed' || run.status === 'abandoned') return run.status;
        if (deadline && now.getTime() >= publishInstant(run.run_date).getTime()) {
          await runs.abandonRunForOps(tx, run.id, now);
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
   */
  async function publish(
    date: string,
    owner: { funderId: string; plane: Plane } | null = null,
    options: { quiet?: boolean } = {},
  ) {
    return write(system(PUBLISH_JOB), async ({ tx, now, evidence, emit }) => {
      const digests = await runs.publishForOps(tx, date, now, newId, owner);
      for (const d of digests) {
        evidence({
          funderId: d.funder_id,
          plane: d.plane,
          kind: 'opportunities.digest_published',
          subjectType: 'opportunity_digest',
          subjectId: d.id,
          payload: { date: d.digest_date, stale: d.stale, lines: d.line_count, eligible: d.eligible_count },
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
  async function startNight(date: string): Promise<string[]> {
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

  const nightly: JobHandler = async () => {
    const now = clock.now();
    const today = madridDate(now);
    const start = madridInstant(today, RUN_TIME);
    if (now.getTime() >= start.getTime() && now.getTime() < publishInstant(today).getTime()) {
      await startNight(today);
    }
    const next = now.getTime() < start.getTime() ? start : madridInstant(addDays(today, 1), RUN_TIME);
    return { rerunAt: next };
  };

  const runJob: JobHandler = async ({ job }) => {
    await executeRun(String(job.payload.run_id));
    return undefined;
  };

  const publishJob: JobHandler = async ({ job }) => {
    await publish(String(job.payload.date));
    return undefined;
  };

  function funderRef(caller: FunderCaller) {
    return { bank_id: caller.funderId, name: caller.funderName };
  }

  function demoOnly(caller: FunderCaller): void {
    if (caller.environment !== 'sandbox' || caller.plane !== 'demo') {
      throw new ApiError(
        'sandbox_only',
        'Test helpers work with sandbox keys only, on the demonstration plane.',
      );
    }
  }

  async function changeSharing(
    caller: Caller,
    scope: FunderScope,
    sellerId: string,
    sharing: boolean,
    reason?: string,
  ) {
    return write(caller, async ({ tx, now, evidence }) => {
      if (!(await store.clientOf(tx, scope, sellerId)))
        throw new ApiError('not_found', 'Client was not found.');
      const changed = await store.setSharing(tx, scope, sellerId, sharing, reason ?? null, now);
      if (changed) {
        evidence({
          funderId: scope.funderId,
          plane: scope.plane,
          kind: sharing ? 'opportunities.sharing_granted' : 'opportunities.sharing_withdrawn',
          subjectType: 'seller',
          subjectId: sellerId,
          payload: { sharing },
        });
      }
      return {
        seller_id: sellerId,
        bank_id: scope.funderId,
        sharing,
        changed,
        changed_at: now.toISOString(),
      };
    });
  }

  async function exitLedger(
    caller: Caller,
    invoiceId: string,
    exit: 'cancelled' | 'removed',
    reason: string | undefined,
    plane: Plane | null,
  ) {
    return write(caller, async ({ tx, now, evidence }) => {
      const invoice = await store.invoiceForOps(tx, invoiceId);
      if (!invoice || (plane && invoice.plane !== plane))
        throw new ApiError('not_found', 'Invoice was not found.');
      // A funder's sandbox helper reaches only its own clients' invoices.
      if (caller.kind === 'funder' && !(await store.clientOf(tx, scopeOf(caller), invoice.seller_id))) {
        throw new ApiError('not_found', 'Invoice was not found.');
      }
      if (invoice.exit) {
        return { invoice_id: invoice.id, exit: invoice.exit, changed: false };
      }
      await store.insertExitForOps(tx, invoice, exit, reason ?? null, now);
      evidence({
        funderId: null,
        plane: invoice.plane,
        kind: `invoice.${exit}`,
        subjectType: 'invoice',
        subjectId: invoice.id,
        payload: { exit },
      });
      return { invoice_id: invoice.id, exit, changed: true };
    });
  }

  return {
    jobs: { [NIGHTLY_JOB]: nightly, [RUN_JOB]: runJob, [PUBLISH_JOB]: publishJob } as Record<
      string,
      JobHandler
    >,
    /** Jobs the worker schedules at start (recurring). */
    recurring: [NIGHTLY_JOB],

    /**
     * Runs one funder's night now, whatever the hour (operations, the benchmark, the demo): the
     * same run the nightly job would make, created once.
     */
    async runNightForOps(owner: { funderId: string; plane: Plane }, date: string) {
      const id = await runAs(OPERATOR, () => runs.ensureRunForOps(db, owner, date, clock.now(), newId()));
      const status = await runAs(OPERATOR, () => executeRun(id, false));
      return { run_id: id, status };
    },
    startNight: (date: string) => runAs(OPERATOR, () => startNight(date)),
    /** Publishes a night's digests now: every funder's, or one funder's (the demonstration). */
    publishForOps: (
      date: string,
      owner: { funderId: string; plane: Plane } | null = null,
      options: { quiet?: boolean } = {},
    ) => runAs(OPERATOR, () => publish(date, owner, options)),

    /** GET /v1/opportunities: the digest of a Madrid date (or the latest) and a page of its lines. */
    async digest(caller: FunderCaller, query: Static<typeof OpportunitiesQuery>) {
      const scope = scopeOf(caller);
      const row = await store.digestFor(db, scope, query.date ?? null, clock.now());
      if (!row) return { funder: funderRef(caller), date: null, digest: null, lines: [], next: null };
      const limit = query.limit ?? LINES_DEFAULT;
      const offset = query.offset ?? 0;
      const lines =
        row.run_id && !row.stale ? await store.linesFor(db, scope, row.run_id, offset, limit) : [];
      const last = lines.at(-1)?.position ?? offset;
      return {
        funder: funderRef(caller),
        date: row.digest_date,
        digest: digestView(row),
        lines: lines.map(lineView),
        next: last < row.line_count ? `${linesPath(row.digest_date)}&offset=${last}&limit=${limit}` : null,
      };
    },

    /** A client's consent, set by the operations team (the client's own action in the portal). */
    async sharingForOps(
      operator: OperatorCaller,
      body: { seller_id: string; sharing: boolean; reason?: string },
    ) {
      const owner = await runAs(OPERATOR, () => store.clientshipForOps(db, body.seller_id));
      if (!owner) throw new ApiError('not_found', 'Client was not found.');
      return changeSharing(
        operator,
        { funderId: owner.funder_id, plane: owner.plane },
        body.seller_id,
        body.sharing,
        body.reason,
      );
    },

    /** Sandbox: one of the funder's demonstration clients shares its invoices, or stops. */
    async sandboxSharing(
      caller: FunderCaller,
      sellerId: string,
      body: { sharing: boolean; reason?: string },
    ) {
      demoOnly(caller);
      return changeSharing(caller, scopeOf(caller), sellerId, body.sharing, body.reason);
    },

    /** An invoice leaves its seller's ledger: cancelled or removed (operations). */
    ledgerExitForOps: (
      operator: OperatorCaller,
      invoiceId: string,
      body: { exit: 'cancelled' | 'removed'; reason?: string },
    ) => exitLedger(operator, invoiceId, body.exit, body.reason, null),

    /** Sandbox: the same on the demonstration plane, for an invoice of one of the funder's clients. */
    async sandboxLedgerExit(
      caller: FunderCaller,
      invoiceId: string,
      body: { exit: 'cancelled' | 'removed'; reason?: string },
    ) {
      demoOnly(caller);
      return exitLedger(caller, invoiceId, body.exit, body.reason, 'demo');
    },

    /** The latest runs of a funder, for the operations team. */
    async runsForOps(bankId: string, plane: Plane) {
      const rows = await runAs(OPERATOR, () => store.runsForOps(db, { funderId: bankId, plane }, 30));
      return {
        runs: rows.map((r) => ({
          run_id: r.id,
          date: r.run_date,
          status: r.status,
          snapshot_at: r.snapshot_at?.toISOString() ?? null,
          completed_at: r.completed_at?.toISOString() ?? null,
          eligible_count: r.eligible_count,
        })),
      };
    },
  };
}

const linesPath = (date: string) => `/v1/opportunities?date=${date}`;

function digestView(d: runs.DigestRow) {
  return {
    digest_id: d.id,
    date: d.digest_date,
    stale: d.stale,
    snapshot_at: d.snapshot_at?.toISOString() ?? null,
    clients: { sharing: d.clients_sharing, not_sharing: d.clients_not_sharing },
    eligible: { count: d.eligible_count, total: decimalToEuros(d.eligible_total) ?? 0 },
    new: { count: d.new_count, total: decimalToEuros(d.new_total) ?? 0 },
    changes: {
      paid: d.changes_paid,
      disputed: d.changes_disputed,
      no_longer_eligible: d.changes_no_longer_eligible,
    },
    currency: 'EUR' as const,
    line_count: d.line_count,
    lines: linesPath(d.digest_date),
  };
}

function lineView(l: store.LineRow) {
  return {
    kind: l.kind,
    reason: l.reason,
    invoice_id: l.invoice_id,
    number: l.number,
    debtor: { name: l.debtor_name, tax_id: l.debtor_tax_id, country: l.debtor_country },
    amount: decimalToEuros(l.amount) ?? 0,
    currency: 'EUR' as const,
    due_date: l.due_date,
    client: {
      seller_id: l.seller_id,
      name: l.client_name,
      tax_id: l.client_tax_id,
      sector: l.client_sector,
      grade: l.client_grade,
      size_band: l.client_size_band,
    },
  };
}
