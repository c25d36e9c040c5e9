import { type Caller, type FunderScope, forRequestOf } from '../../platform/caller.ts';
import { addDays, madridDate } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';
import { centsToDecimal, percentOf } from '../../platform/money.ts';
import type { RunWrite } from '../../platform/write.ts';
import { OPERATIONS, type RequestLifecycle } from '../requests/requests.module.ts';
import { creditorReferenceFor } from '../statements/statements.module.ts';
import { type Claims, cents } from './recourse.claims.ts';
import * as store from './recourse.store.ts';

type ClaimKind = 'recourse' | 'debtor_default';

/** Requests looked at per run of the opening job; the next run takes the rest. */
const OPEN_BATCH = 500;

/**
 * The opening of claims: one claim per funded factoring request still not settled
 * `recourse_days` Madrid calendar days after the earliest due date of its invoices.
 */
export function createClaimOpening(deps: { write: RunWrite; lifecycle: RequestLifecycle; claims: Claims }) {
  const { write, lifecycle, claims } = deps;

  /** Opens the claim of one due request, inside its own write; null when there is nothing to open. */
  async function openOne(caller: Caller, due: store.DueRequest) {
    return write(forRequestOf(caller, due.sandbox_key_id), async (ws) => {
      const row = await lifecycle.lock(ws.tx, OPERATIONS, due.id);
      if (row.status !== 'funded' || !row.funder_of_record_id || row.type !== 'factoring') return null;
      const figures = await store.claimFiguresForOps(ws.tx, row.id);
      if (!figures) return null;
      const advanced = cents(figures.funded_amount ?? figures.advance_amount);
      const fees = figures.offer_rate === null ? 0 : percentOf(advanced, Number(figures.offer_rate));
      const total = cents(figures.total_amount);
      const collected = cents(figures.settled_amount);
      const kind: ClaimKind = figures.recourse === 'without' ? 'debtor_default' : 'recourse';
      const claimAmount = kind === 'recourse' ? advanced + fees - collected : total - collected;
      // Nothing left to claim: the funder is whole already; no claim opens.
      if (claimAmount <= 0) return null;
      const scope: FunderScope = { funderId: row.funder_of_record_id, plane: row.plane };
      const id = newId();
      const inserted = await store.insertClaimForOps(ws.tx, {
        id,
        plane: row.plane,
        funderId: scope.funderId,
        requestId: row.id,
        kind,
        dueDate: due.due_date,
        recourseDays: due.recourse_days,
        opensOn: addDays(due.due_date, due.recourse_days),
        amountAdvanced: centsToDecimal(advanced),
        fees: centsToDecimal(fees),
        collected: centsToDecimal(collected),
        claimAmount: centsToDecimal(claimAmount),
        payToIban: await claims.payToIban(ws.tx, scope),
        payReference: creditorReferenceFor(row.request_ref),
        at: ws.now,
      });
      if (!inserted) return null;
      const claim = await claims.reread(ws, scope, id);
      claims.claimEvent(ws, scope, 'claim.opened', claim, {
        due_date: due.due_date,
        recourse_days: due.recourse_days,
      });
      return { claim_id: id, request_id: row.id, kind };
    });
  }

  /**
   * The worker's job (and the operations team's run on demand): opens every claim now due, or
   * only those of the requests named (the demonstration builder, on its own plane).
   */
  async function openDue(caller: Caller, onlyIds: string[] | null = null) {
    const due = await write(caller, async (ws) =>
      store.dueRequestsForOps(ws.tx, madridDate(ws.now), OPEN_BATCH, onlyIds),
    );
    const opened: { claim_id: string; request_id: string; kind: ClaimKind }[] = [];
    for (const item of due) {
      const claim = await openOne(caller, item);
      if (claim) opened.push(claim);
    }
    return opened;
  }

  return { openDue };
}
