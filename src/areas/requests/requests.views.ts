import { decimalToEuros } from '../../platform/money.ts';
import { levelAtLeast } from '../settings/settings.module.ts';
import type { RequestListRow } from './requests.list.store.ts';
import type { NoticeAnswer, NoticeRow } from './requests.notices.store.ts';
import type { OfferRow } from './requests.offers.store.ts';
import type { ReceivableRow } from './requests.receivables.store.ts';
import type { DisputeRow, SignalRow } from './requests.risks.store.ts';

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);
const euros = (value: string): number => decimalToEuros(value)!;

/** An offer past its validity that nobody accepted reads as expired, whether or not a job marked it yet. */
export function offerStatus(offer: OfferRow, now: Date): OfferRow['status'] {
  return offer.status === 'pending' && offer.expires_at <= now ? 'expired' : offer.status;
}

export function offerSummary(offer: OfferRow, now: Date) {
  return {
    funding_request_id: offer.request_id,
    rate: Number(offer.rate),
    advance_pct: Number(offer.advance_pct),
    days: offer.days,
    status: offerStatus(offer, now),
    submitted_at: offer.submitted_at.toISOString(),
    accepted_at: iso(offer.accepted_at),
  };
}

export function offerDetail(offer: OfferRow, now: Date) {
  return {
    id: offer.id,
    ...offerSummary(offer, now),
    advance_amount: euros(offer.advance_amount),
    notes: offer.notes,
    valid_days: offer.valid_days,
    expires_at: offer.expires_at.toISOString(),
  };
}

export interface ConsentPolicy {
  requireCounselApprovedTexts: boolean;
}

/** A debtor meets the requirement when it signed at least the level required (with an approved text if the funder asks for one). */
export function meetsRequirement(notice: NoticeAnswer, policy: ConsentPolicy): boolean {
  if (notice.status !== 'acknowledged' || notice.level_achieved === null) return false;
  if (!levelAtLeast(notice.level_achieved, notice.level_required)) return false;
  return !policy.requireCounselApprovedTexts || notice.declaration_counsel_approved === true;
}

export function debtorConsent(notice: NoticeAnswer, policy: ConsentPolicy) {
  return {
    debtor_name: notice.debtor_name,
    debtor_tax_id: notice.debtor_tax_id,
    status: notice.status,
    level_required: notice.level_required,
    level_achieved: notice.level_achieved,
    meets_requirement: meetsRequirement(notice, policy),
  };
}

/** The debtors' consent of several requests, by request, each list in the notices' order. */
export function consentByRequest(notices: readonly NoticeAnswer[], policy: ConsentPolicy) {
  const consent = new Map<string, ReturnType<typeof debtorConsent>[]>();
  for (const notice of notices) {
    const answers = consent.get(notice.request_id);
    if (answers) answers.push(debtorConsent(notice, policy));
    else consent.set(notice.request_id, [debtorConsent(notice, policy)]);
  }
  return consent;
}

/** In the packet each debtor's answer also says how, with which text, and who signed. */
export function debtorConsentDetail(notice: NoticeRow, policy: ConsentPolicy) {
  return {
    ...debtorConsent(notice, policy),
    debtor_country: notice.debtor_country,
    answered_at: iso(notice.answered_at),
    channel: notice.channel,
    declaration:
      notice.declaration_text === null
        ? null
        : {
            text_id: notice.declaration_text_id,
            text: notice.declaration_text,
            counsel_approved: notice.declaration_counsel_approved === true,
          },
    signed_by: notice.signer_name === null ? null : { name: notice.signer_name, role: notice.signer_role },
    dispute_reason: notice.dispute_reason,
  };
}

export function requestView(row: RequestListRow) {
  return {
    id: row.id,
    request_ref: row.request_ref,
    type: row.type,
    status: row.status,
    total_amount: euros(row.total_amount),
    advance_amount: euros(row.advance_amount),
    company_name: row.seller_name,
    company_nif: row.seller_tax_id,
    invoice_count: row.invoice_count,
    assigned_bank_id: row.assigned_funder_id,
    consent_level_required: row.consent_level_required,
    created_at: row.created_at.toISOString(),
    routed_at: iso(row.routed_at),
    approved_at: iso(row.approved_at),
    funded_at: iso(row.funded_at),
    settled_at: iso(row.settled_at),
    closed_at: iso(row.closed_at),
    updated_at: row.updated_at.toISOString(),
    settled_amount: euros(row.settled_amount),
  };
}

export function receivableView(row: ReceivableRow) {
  return {
    invoice_no: row.number,
    invoice_amount: euros(row.amount),
    invoice_date: row.issue_date,
    invoice_due_date: row.due_date,
    customer_name: row.debtor_name,
    customer_tax_id: row.debtor_tax_id,
    customer_country: row.debtor_country,
    source: row.source,
  };
}

export function signalView(row: SignalRow) {
  return {
    id: row.id,
    code: row.code,
    severity: row.severity,
    hard: row.hard,
    status: row.status,
    detail: row.detail,
    raised_at: row.raised_at.toISOString(),
    reviewed_at: iso(row.reviewed_at),
  };
}

export function disputeView(row: DisputeRow) {
  return {
    id: row.id,
    debtor_name: row.debtor_name,
    invoice_no: row.invoice_number,
    raised_by: row.raised_by,
    reason: row.reason,
    status: row.status,
    raised_at: row.raised_at.toISOString(),
    resolved_at: iso(row.resolved_at),
    resolution: row.resolution,
  };
}
