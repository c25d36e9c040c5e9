import type { Caller } from '../../platform/caller.ts';
import type { Tx } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { RunWrite, WriteScope } from '../../platform/write.ts';
import type { SettingsService } from '../settings/settings.module.ts';
import { type ConsentLevel, levelAtLeast } from '../settings/settings.module.ts';
import { UPDATED } from './requests.changes.ts';
import { OPERATIONS, type RequestLifecycle } from './requests.lifecycle.ts';
import { acknowledgeForOps, disputeForOps, type NoticeRow, noticesForOps } from './requests.notices.store.ts';
import { closeOfferForOps, lockPendingOfferForOps } from './requests.offers.store.ts';
import { insertDisputeForOps } from './requests.risks.store.ts';
import { OPEN_STATUSES } from './requests.status.ts';
import type { RequestRow } from './requests.store.ts';
import { requestNow } from './requests.time.ts';
import { partyActor, trail } from './requests.trail.ts';
import { type ConsentPolicy, meetsRequirement } from './requests.views.ts';

export interface DebtorAnswerInput {
  debtor_tax_id?: string | null;
  answer: 'acknowledged' | 'disputed';
  level?: ConsentLevel | null;
  channel?: string | null;
  language?: string | null;
  signer?: { name: string; role?: string | null } | null;
  reason?: string | null;
}

/**
 * A notice a debtor may still sign: one not answered yet, or one it acknowledged below the
 * level required, when it now signs a new declaration at a higher level than before (as a
 * real debtor would sign again).
 */
export function canSign(notice: NoticeRow, level: ConsentLevel | null): boolean {
  if (notice.status === 'pending') return true;
  if (notice.status !== 'acknowledged' || notice.level_achieved === null) return false;
  if (levelAtLeast(notice.level_achieved, notice.level_required)) return false;
  const signing = level ?? notice.level_required;
  return !levelAtLeast(notice.level_achieved, signing);
}

/** The notices the answer names that it may still answer; 404 without any, 409 when all are answered. */
async function answerableNotices(tx: Tx, row: RequestRow, input: DebtorAnswerInput): Promise<NoticeRow[]> {
  const notices = (await noticesForOps(tx, row.id)).filter(
    (n) => !input.debtor_tax_id || n.debtor_tax_id === input.debtor_tax_id,
  );
  if (notices.length === 0) {
    throw new ApiError(
      'not_found',
      input.debtor_tax_id
        ? 'No notice for that debtor on this request.'
        : 'This request has no notices yet (is it routed?).',
    );
  }
  const open = notices.filter((n) =>
    input.answer === 'acknowledged' ? canSign(n, input.level ?? null) : n.status === 'pending',
  );
  if (open.length === 0) {
    const below = notices.find(
      (n) =>
        n.status === 'acknowledged' && n.level_achieved && !levelAtLeast(n.level_achieved, n.level_required),
    );
    throw new ApiError(
      'notice_already_decided',
      below && input.answer === 'acknowledged'
        ? `The debtor already signed at ${below.level_achieved}: a new declaration must be at a higher level (${below.level_required} is required).`
        : 'Every notice named has already been answered.',
    );
  }
  return open;
}

const debtorOf = (notice: NoticeRow) => ({
  name: notice.debtor_name,
  tax_id: notice.debtor_tax_id,
  country: notice.debtor_country,
});

/** The debtor acknowledges one notice at a level, signing the declaration text on file. */
async function acknowledgeNotice(
  changes: Pick<RequestLifecycle, 'changed'>,
  settings: Pick<SettingsService, 'declarationText'>,
  scope: WriteScope,
  row: RequestRow,
  notice: NoticeRow,
  input: DebtorAnswerInput,
  funderPolicy: ConsentPolicy | null,
): Promise<void> {
  const { tx, now } = scope;
  const level = input.level ?? notice.level_required;
  const text = await settings.declarationText(tx, {
    governingLaw: notice.debtor_country,
    level,
    language: input.language ?? undefined,
  });
  await acknowledgeForOps(tx, notice.id, {
    level,
    channel: input.channel ?? 'portal',
    declarationTextId: text?.id ?? null,
    declarationText:
      text?.body ?? `Declaration (${level}) signed without a text on file for ${notice.debtor_country}.`,
    counselApproved: text?.counsel_approved ?? false,
    signerName: input.signer?.name ?? 'Accounts payable',
    signerRole: input.signer?.role ?? null,
    at: now,
  });
  const answered = {
    ...notice,
    status: 'acknowledged' as const,
    level_achieved: level,
    declaration_counsel_approved: text?.counsel_approved ?? false,
  };
  // The funder it is routed to hears of the answer; any other that sees the request, of a change.
  changes.changed(scope, OPERATIONS, row.id, row.plane, {
    type: UPDATED,
    told: row.assigned_funder_id
      ? [
          {
            funderId: row.assigned_funder_id,
            type: 'notice.acknowledged',
            data: {
              request_ref: row.request_ref,
              debtor: debtorOf(notice),
              level_required: notice.level_required,
              level_achieved: level,
              meets_requirement: funderPolicy ? meetsRequirement(answered, funderPolicy) : false,
            },
          },
        ]
      : [],
  });
}

/** The debtor disputes one notice: a dispute opens on the request. */
async function disputeNotice(
  changes: Pick<RequestLifecycle, 'changed'>,
  scope: WriteScope,
  row: RequestRow,
  notice: NoticeRow,
  input: DebtorAnswerInput,
) {
  const { tx, now } = scope;
  const reason = input.reason?.trim() || 'The debtor disputes the invoice.';
  await disputeForOps(tx, notice.id, {
    channel: input.channel ?? 'portal',
    signerName: input.signer?.name ?? null,
    signerRole: input.signer?.role ?? null,
    reason,
    at: now,
  });
  await insertDisputeForOps(tx, {
    id: newId(),
    plane: row.plane,
    requestId: row.id,
    debtorId: notice.debtor_id,
    invoiceId: null,
    raisedBy: 'debtor',
    reason,
    at: now,
  });
  changes.changed(scope, OPERATIONS, row.id, row.plane, {
    type: UPDATED,
    told: row.assigned_funder_id
      ? [
          {
            funderId: row.assigned_funder_id,
            type: 'notice.disputed',
            data: { request_ref: row.request_ref, debtor: debtorOf(notice), reason },
          },
        ]
      : [],
  });
}

/** The seller's answer to the funder's offer, and the debtors' answers to their notices. */
export function createRequestAnswers(deps: {
  write: RunWrite;
  lifecycle: RequestLifecycle;
  settings: Pick<SettingsService, 'policy' | 'declarationText'>;
}) {
  const { lifecycle } = deps;

  const service = {
    /** The seller accepts (-> approved, the terms no longer change) or rejects the funder's offer. */
    async sellerAnswerIn(
      scope: WriteScope,
      id: string,
      answer: 'accept' | 'reject',
      offerId?: string | null,
    ) {
      const { tx, now } = scope;
      const row = await lifecycle.lock(tx, OPERATIONS, id);
      const offer = await lockPendingOfferForOps(tx, row, offerId ?? null);
      const move = answer === 'accept' ? 'accept_terms' : 'reject_terms';
      lifecycle.next(row.status, move);
      if (!offer)
        throw new ApiError('invalid_state', 'There is no pending offer of the routed funder to answer.');
      if (offer.expires_at <= requestNow(row, now)) {
        await closeOfferForOps(tx, offer.id, 'expired', now);
        throw new ApiError('invalid_state', 'The offer expired before the seller answered it.');
      }
      await closeOfferForOps(tx, offer.id, answer === 'accept' ? 'accepted' : 'rejected', now);
      await lifecycle.transition(scope, OPERATIONS, row.id, move, {
        trigger: answer === 'accept' ? 'seller_accepted' : 'seller_rejected',
        actor: partyActor(scope),
        columns:
          answer === 'accept'
            ? { accepted_offer_id: offer.id, approved_at: now, advance_amount: offer.advance_amount }
            : { closed_at: now, close_reason: 'rejected_by_seller' },
        evidence: {
          kind: answer === 'accept' ? 'offer.accepted' : 'offer.rejected',
          funderId: row.assigned_funder_id,
          payload: { offer_id: offer.id },
        },
      });
    },

    /**
     * A debtor answers its notice of assignment: acknowledges at a level (with the declaration
     * text it signed and who signed), or disputes (which opens a dispute on the request). A
     * debtor that acknowledged below the level required may sign again at a higher level.
     */
    async debtorAnswerIn(scope: WriteScope, id: string, input: DebtorAnswerInput): Promise<number> {
      const { tx } = scope;
      const row = await lifecycle.lock(tx, OPERATIONS, id);
      if (row.type !== 'factoring')
        throw new ApiError('not_factoring', 'Confirming requests have no debtor notices.');
      if (![...OPEN_STATUSES, 'funded'].includes(row.status)) {
        throw new ApiError(
          'request_not_in_flight',
          `The request is ${row.status}: its notices can no longer be answered.`,
        );
      }
      const open = await answerableNotices(tx, row, input);
      const funderPolicy = row.assigned_funder_id
        ? await deps.settings.policy(tx, row.assigned_funder_id, row.plane)
        : null;
      for (const notice of open) {
        if (input.answer === 'acknowledged') {
          await acknowledgeNotice(lifecycle, deps.settings, scope, row, notice, input, funderPolicy);
        } else {
          await disputeNotice(lifecycle, scope, row, notice, input);
        }
        trail(scope, row, `notice.${input.answer}`, {
          debtor_tax_id: notice.debtor_tax_id,
          level: input.answer === 'acknowledged' ? (input.level ?? notice.level_required) : null,
          channel: input.channel ?? 'portal',
          ...(notice.status === 'acknowledged' ? { replaces_level: notice.level_achieved } : {}),
        });
      }
      return open.length;
    },
  };

  return {
    ...service,
    sellerAnswer: (caller: Caller, id: string, answer: 'accept' | 'reject', offerId?: string | null) =>
      deps.write(caller, (s) => service.sellerAnswerIn(s, id, answer, offerId)),
    debtorAnswer: (caller: Caller, id: string, input: DebtorAnswerInput) =>
      deps.write(caller, (s) => service.debtorAnswerIn(s, id, input)),
  };
}
