import type { Static } from 'typebox';
import {
  type Caller,
  type FunderCaller,
  type FunderScope,
  type OperatorCaller,
  scopeOf,
} from '../../platform/caller.ts';
import { addDays, type Clock, madridDate, madridInstant } from '../../platform/clock.ts';
import type { Db, Queryable } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { amountCents, type Cents, centsToDecimal, centsToEuros, percentOf } from '../../platform/money.ts';
import type { RunWrite, WriteScope } from '../../platform/write.ts';
import type { PaymentHook, RecordPayment } from '../decisions/decisions.service.ts';
import { OPERATIONS, type RequestLifecycle } from '../requests/requests.lifecycle.ts';
import { creditorReferenceFor } from '../statements/statements.module.ts';
import {
  CLAIM_KINDS,
  CLAIM_STATUSES,
  type CloseBody,
  type RECOURSE_TYPES,
  type RecourseQuery,
  type RepaymentBody,
  type SandboxRepaymentBody,
} from './recourse.schemas.ts';
import * as store from './recourse.store.ts';

const cents = (value: string | number): Cents => amountCents(value)!;
const euros = (value: string): number => centsToEuros(cents(value));
const REASON_MIN = 8;
/** Requests looked at per run of the opening job; the next run takes the rest. */
const OPEN_BATCH = 500;

/**
 * A claim as the funder reads it (and as its events carry it). `payTo` is the funder's account
 * now, named by a claim that opened while the funder had none.
 */
function claimView(row: store.ClaimRow, payTo: string | null) {
  const remaining =
    row.status === 'open' ? Math.max(0, cents(row.claim_amount) - cents(row.paid_since_opened)) : 0;
  return {
    claim_id: row.id,
    kind: row.kind,
    status: row.status,
    request_id: row.request_id,
    request_ref: row.request_ref,
    seller: { seller_id: row.seller_id, name: row.seller_name },
    claim_amount: euros(row.claim_amount),
    amount_advanced: euros(row.amount_advanced),
    fees: euros(row.fees),
    collected: euros(row.collected),
    paid_since_opened: euros(row.paid_since_opened),
    remaining: centsToEuros(remaining),
    pay_to_iban: row.pay_to_iban ?? payTo,
    pay_reference: row.pay_reference,
    due_date: row.due_date,
    recourse_days: row.recourse_days,
    opens_on: row.opens_on,
    opened_at: row.opened_at.toISOString(),
    closed_at: row.closed_at?.toISOString() ?? null,
    settled_by: row.settled_by,
    close_reason: row.close_reason,
  };
}

export type ClaimView = ReturnType<typeof claimView>;

/** The funder's accounts as their areas know them, each read inside the caller's query or write. */
export interface FunderAccounts {
  collectionIban(q: Queryable, scope: FunderScope): Promise<string | null>;
  statementIban(q: Queryable, scope: FunderScope): Promise<string | null>;
}
export type RecourseService = ReturnType<typeof createRecourseService>;

/**
 * Recourse claims. The worker opens one claim per funded factoring request still not settled
 * `recourse_days` Madrid calendar days after the earliest due date of its invoices: with
 * recourse the seller owes what was advanced plus the recorded fee less what was collected;
 * without recourse the claim records what the debtor still owes. Every payment recorded on the
 * request afterwards (settle, a confirmed statement line, the seller's repayment) counts towards
 * the claim through `onPayment`, which the payment recorder calls inside its write; the funder
 * withdraws a recourse claim or writes off a debtor default.
 */
export function createRecourseService(deps: {
  db: Db;
  clock: Clock;
  write: RunWrite;
  lifecycle: RequestLifecycle;
  /** The one payment recorder (decisions area): a seller's repayment is a payment like the others. */
  recordPayment: RecordPayment;
  /** The funder's accounts a claim can name: its collection account, its latest statement's. */
  accounts: FunderAccounts;
}) {
  const { db, write, lifecycle } = deps;

  /**
   * Where the seller pays a claim of the funder: its collection account (bank data) first, else
   * the account of its latest imported statement; null when it has neither. The only owner of
   * this rule.
   */
  async function payToIban(q: Queryable, scope: FunderScope): Promise<string | null> {
    return (await deps.accounts.collectionIban(q, scope)) ?? (await deps.accounts.statementIban(q, scope));
  }

  /** Claims as read; the funder's account now is looked up once, and only for a claim without one. */
  async function viewsOf(q: Queryable, scope: FunderScope, rows: store.ClaimRow[]): Promise<ClaimView[]> {
    const payTo = rows.some((row) => row.pay_to_iban === null) ? await payToIban(q, scope) : null;
    return rows.map((row) => claimView(row, payTo));
  }

  async function reread(ws: WriteScope, scope: FunderScope, id: string): Promise<ClaimView> {
    const row = await store.findVisibleClaim(ws.tx, scope, id);
    if (!row) throw new Error(`claim ${id} vanished inside its own write`);
    const [view] = await viewsOf(ws.tx, { funderId: row.funder_id, plane: row.plane }, [row]);
    return view!;
  }

  function claimEvent(ws: WriteScope, scope: FunderScope, type: string, claim: ClaimView, extra = {}) {
    ws.evidence({
      funderId: scope.funderId,
      plane: scope.plane,
      kind: `recourse.${type.split('.')[1]}`,
      subjectType: 'recourse_claim',
      subjectId: claim.claim_id,
      payload: {
        request_id: claim.request_id,
        request_ref: claim.request_ref,
        kind: claim.kind,
        status: claim.status,
        claim_amount: claim.claim_amount,
        ...extra,
      },
    });
    ws.emit({ funderId: scope.funderId, plane: scope.plane, type, data: { claim } });
  }

  /** Opens the claim of one due request, inside its own write; null when there is nothing to open. */
  async function openOne(caller: Caller, due: store.DueRequest) {
    return write(caller, async (ws) => {
      const row = await lifecycle.lock(ws.tx, OPERATIONS, due.id);
      if (row.status !== 'funded' || !row.funder_of_record_id || row.type !== 'factoring') return null;
      const figures = await store.claimFiguresForOps(ws.tx, row.id);
      if (!figures) return null;
      const advanced = cents(figures.funded_amount ?? figures.advance_amount);
      const fees = figures.offer_rate === null ? 0 : percentOf(advanced, Number(figures.offer_rate));
      const total = cents(figures.total_amount);
      const collected = cents(figures.settled_amount);
      const kind = figures.recourse === 'without' ? 'debtor_default' : 'recourse';
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
        payToIban: await payToIban(ws.tx, scope),
        payReference: creditorReferenceFor(row.request_ref),
        at: ws.now,
      });
      if (!inserted) return null;
      const claim = await reread(ws, scope, id);
      claimEvent(ws, scope, 'claim.opened', claim, {
        due_date: due.due_date,
        recourse_days: due.recourse_days,
      });
      return { claim_id: id, request_id: row.id, kind };
    });
  }

  /** Checks the claim the funder names: 404 when it cannot see it, 403 when it is another's. */
  async function ownClaim(ws: WriteScope, scope: FunderScope, id: string) {
    const claim = await store.findVisibleClaim(ws.tx, scope, id, { forUpdate: true });
    if (!claim) throw new ApiError('not_found', 'Claim was not found.');
    if (claim.funder_id !== scope.funderId) {
      throw new ApiError('not_your_claim', 'This claim belongs to another funder.');
    }
    return claim;
  }

  /** Records the seller's repayment of a recourse claim through the payment recorder. */
  async function repayIn(
    ws: WriteScope,
    claim: store.ClaimRow,
    input: { amountCents?: Cents; valueDate: string; reference: string },
  ) {
    if (claim.status !== 'open') throw new ApiError('claim_closed', 'The claim is no longer open.');
    if (claim.kind !== 'recourse') {
      throw new ApiError('invalid_state', 'Only a recourse claim is repaid by the seller.', {
        extra: { kind: claim.kind },
      });
    }
    const remaining = cents(claim.claim_amount) - cents(claim.paid_since_opened);
    const amount = input.amountCents ?? remaining;
    if (amount > remaining) {
      throw new ApiError(
        'invalid_amount',
        `amount is more than what remains of the claim (${centsToDecimal(remaining)} EUR).`,
        { extra: { field: 'amount', remaining: centsToEuros(remaining) } },
      );
    }
    const today = madridDate(ws.now);
    if (input.valueDate > today || input.valueDate < madridDate(claim.opened_at)) {
      throw new ApiError(
        'invalid_payment_details',
        'value_date must be between the day the claim opened and today (Madrid).',
        { extra: { field: 'value_date' } },
      );
    }
    const request = await lifecycle.lock(ws.tx, OPERATIONS, claim.request_id);
    const recorded = await deps.recordPayment(ws, {
      request,
      funderId: claim.funder_id,
      amountCents: amount,
      receivedAt: madridInstant(input.valueDate, '12:00'),
      reference: input.reference,
      note: 'seller repayment under recourse',
      final: false,
      source: 'recourse',
    });
    const after = await reread(ws, { funderId: claim.funder_id, plane: claim.plane }, claim.id);
    return {
      claim: after,
      settlement_id: recorded.settlement_id,
      amount: recorded.amount,
      request_status: recorded.status,
    };
  }

  /**
   * Told of a payment on a request before the request moves (inside the recorder's write):
   * counts it on the request's open claim. The request settling the ordinary way settles either
   * kind; payments covering a recourse claim settle it and close the request by recourse.
   */
  const onPayment: PaymentHook = async (ws, payment) => {
    const scope: FunderScope = { funderId: payment.funderId, plane: payment.request.plane };
    const claim = await store.openClaimOfRequest(ws.tx, scope, payment.request.id);
    if (!claim) return { closesByRecourse: false };
    const paidAfter = cents(claim.paid_since_opened) + payment.amountCents;
    const covers = claim.kind === 'recourse' && paidAfter >= cents(claim.claim_amount);
    const settledBy = payment.settlesRequest ? 'request_settled' : covers ? 'recourse' : null;
    await store.addPayment(ws.tx, scope, claim.id, centsToDecimal(payment.amountCents), settledBy, ws.now);
    if (settledBy) {
      claimEvent(ws, scope, 'claim.closed', await reread(ws, scope, claim.id), { settled_by: settledBy });
    }
    return { closesByRecourse: settledBy === 'recourse' };
  };

  function demoOnly(caller: FunderCaller): FunderScope {
    if (caller.environment !== 'sandbox' || caller.plane !== 'demo') {
      throw new ApiError(
        'sandbox_only',
        'Test helpers work with sandbox keys only, on the demonstration plane.',
      );
    }
    return scopeOf(caller);
  }

  return {
    /** GET /v1/recourse; an unclassified funder sees empty books. */
    async overview(caller: FunderCaller, query: Static<typeof RecourseQuery>) {
      const scope = caller.plane ? scopeOf(caller) : null;
      const groups = scope ? await store.bookByRecourse(db, scope) : [];
      const counts = scope ? await store.claimCounts(db, scope) : [];
      const rows = scope ? await store.listClaims(db, scope, query.status ?? null) : [];
      const groupOf = (type: (typeof RECOURSE_TYPES)[number]) => {
        const group = groups.find((g) => g.recourse === type);
        return {
          requests: group?.requests ?? 0,
          face_value_outstanding: group ? euros(group.face_value_outstanding) : 0,
          amount_advanced: group ? euros(group.amount_advanced) : 0,
          with_claim_rule: group?.with_claim_rule ?? 0,
          confidential: group?.confidential ?? 0,
        };
      };
      const requests_by_recourse = {
        with: groupOf('with'),
        without: groupOf('without'),
        not_recorded: groupOf('not_recorded'),
      };
      const claims_by_kind = Object.fromEntries(
        CLAIM_KINDS.map((kind) => [
          kind,
          Object.fromEntries(
            CLAIM_STATUSES.map((status) => [
              status,
              counts.find((c) => c.kind === kind && c.status === status)?.count ?? 0,
            ]),
          ),
        ]),
      ) as Record<(typeof CLAIM_KINDS)[number], Record<(typeof CLAIM_STATUSES)[number], number>>;
      return {
        funder: { bank_id: caller.funderId, name: caller.funderName },
        currency: 'EUR' as const,
        requests_by_recourse,
        claims_by_kind,
        count: rows.length,
        claims: scope ? await viewsOf(db, scope, rows) : [],
      };
    },

    /** POST /v1/recourse/{id}/close */
    async close(caller: FunderCaller, id: string, body: Static<typeof CloseBody>) {
      const scope = scopeOf(caller);
      return write(caller, async (ws) => {
        const claim = await ownClaim(ws, scope, id);
        const reason = body.reason.trim();
        if (reason.length < REASON_MIN) {
          throw new ApiError(
            'reason_required',
            `A reason of at least ${REASON_MIN} characters is required.`,
            {
              status: 422,
              extra: { field: 'reason' },
            },
          );
        }
        if (claim.status !== 'open') {
          throw new ApiError('claim_closed', `The claim is no longer open (${claim.status}).`, {
            extra: { status: claim.status },
          });
        }
        const fits =
          (body.status === 'withdrawn' && claim.kind === 'recourse') ||
          (body.status === 'written_off' && claim.kind === 'debtor_default');
        if (!fits) {
          throw new ApiError(
            'close_invalid',
            'withdrawn closes a recourse claim; written_off closes a debtor default.',
            { extra: { kind: claim.kind, field: 'status' } },
          );
        }
        await store.closeClaim(ws.tx, scope, claim.id, body.status, reason, ws.now);
        claimEvent(ws, scope, 'claim.closed', await reread(ws, scope, claim.id), { reason });
        return { claim_id: claim.id, status: body.status };
      });
    },

    /**
     * The worker's job (and the operations team's run on demand): opens every claim now due, or
     * only those of the requests named (the demonstration builder, on its own plane).
     */
    async openDue(caller: Caller, onlyIds: string[] | null = null) {
      const due = await write(caller, async (ws) =>
        store.dueRequestsForOps(ws.tx, madridDate(ws.now), OPEN_BATCH, onlyIds),
      );
      const opened: { claim_id: string; request_id: string; kind: string }[] = [];
      for (const item of due) {
        const claim = await openOne(caller, item);
        if (claim) opened.push(claim);
      }
      return opened;
    },

    onPayment,

    /** The operations team records a seller's repayment of a recourse claim. */
    async repaymentForOps(caller: OperatorCaller, id: string, body: Static<typeof RepaymentBody>) {
      return write(caller, async (ws) => {
        const claim = await store.findClaimForOps(ws.tx, id);
        if (!claim) throw new ApiError('not_found', 'Claim was not found.');
        return repayIn(ws, claim, {
          amountCents: cents(body.amount),
          valueDate: body.value_date,
          reference: body.reference,
        });
      });
    },

    /** Sandbox helper: the seller repays the caller's recourse claim today (by default in full). */
    async sandboxRepayment(caller: FunderCaller, id: string, body: Static<typeof SandboxRepaymentBody>) {
      const scope = demoOnly(caller);
      return write(caller, async (ws) => {
        const claim = await ownClaim(ws, scope, id);
        return repayIn(ws, claim, {
          ...(body.amount === undefined ? {} : { amountCents: cents(body.amount) }),
          valueDate: madridDate(ws.now),
          reference: `SANDBOX-${claim.request_ref}`,
        });
      });
    },
  };
}
