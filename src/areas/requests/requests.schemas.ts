import { Type } from 'typebox';
import { PageMarksFields, Timestamp, Uuid } from '../../platform/http/schemas.ts';
import { ConsentLevelSchema as Level } from '../settings/settings.module.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const OfferSummary = Type.Object({
  funding_request_id: Uuid,
  rate: Type.Number(),
  advance_pct: Type.Number(),
  days: Type.Number(),
  status: Type.String(),
  submitted_at: Timestamp,
  accepted_at: Nullable(Timestamp),
});

export const OfferDetail = Type.Object({
  ...OfferSummary.properties,
  id: Uuid,
  advance_amount: Type.Number(),
  notes: Nullable(Type.String()),
  valid_days: Type.Integer(),
  expires_at: Timestamp,
});

export const DebtorConsent = Type.Object({
  debtor_name: Type.String(),
  debtor_tax_id: Type.String(),
  status: Type.String(),
  level_required: Level,
  level_achieved: Nullable(Level),
  meets_requirement: Type.Boolean(),
});

export const DebtorConsentDetail = Type.Object({
  ...DebtorConsent.properties,
  debtor_country: Type.String(),
  answered_at: Nullable(Timestamp),
  channel: Nullable(Type.String()),
  declaration: Nullable(
    Type.Object({ text_id: Nullable(Uuid), text: Type.String(), counsel_approved: Type.Boolean() }),
  ),
  signed_by: Nullable(Type.Object({ name: Type.String(), role: Nullable(Type.String()) })),
  dispute_reason: Nullable(Type.String()),
});

export const RequestBase = Type.Object({
  id: Uuid,
  request_ref: Type.String(),
  type: Type.Union([Type.Literal('factoring'), Type.Literal('confirming')]),
  status: Type.String(),
  total_amount: Type.Number(),
  advance_amount: Type.Number(),
  company_name: Type.String(),
  company_nif: Type.String(),
  invoice_count: Type.Integer(),
  assigned_bank_id: Nullable(Uuid),
  consent_level_required: Nullable(Level),
  created_at: Timestamp,
  routed_at: Nullable(Timestamp),
  approved_at: Nullable(Timestamp),
  funded_at: Nullable(Timestamp),
  settled_at: Nullable(Timestamp),
  closed_at: Nullable(Timestamp),
  updated_at: Timestamp,
  settled_amount: Type.Number(),
});

export const RequestListItem = Type.Object({
  ...RequestBase.properties,
  my_offer: Nullable(OfferSummary),
  debtor_consent: Type.Array(DebtorConsent),
});

export const FunderRef = Type.Object({ bank_id: Uuid, name: Type.String() });

export const RequestList = Type.Object({
  funder: FunderRef,
  count: Type.Integer(),
  requests: Type.Array(RequestListItem),
  ...PageMarksFields,
});

export const Packet = Type.Object({
  request: Type.Object({ ...RequestBase.properties, debtor_consent: Type.Array(DebtorConsentDetail) }),
  debtor_consent: Type.Array(DebtorConsentDetail),
  receivables: Type.Array(
    Type.Object({
      invoice_no: Type.String(),
      invoice_amount: Type.Number(),
      invoice_date: Type.String({ format: 'date' }),
      invoice_due_date: Nullable(Type.String({ format: 'date' })),
      customer_name: Type.String(),
      customer_tax_id: Type.String(),
      customer_country: Type.String(),
      source: Type.String(),
    }),
  ),
  score: Nullable(Type.Object({}, { additionalProperties: true })),
  my_offer: Nullable(OfferDetail),
  risk: Type.Object({
    signals: Type.Array(
      Type.Object({
        id: Uuid,
        code: Type.String(),
        severity: Type.String(),
        hard: Type.Boolean(),
        status: Type.String(),
        detail: Nullable(Type.String()),
        raised_at: Timestamp,
        reviewed_at: Nullable(Timestamp),
      }),
    ),
    disputes: Type.Array(
      Type.Object({
        id: Uuid,
        debtor_name: Nullable(Type.String()),
        invoice_no: Nullable(Type.String()),
        raised_by: Type.String(),
        reason: Type.String(),
        status: Type.String(),
        raised_at: Timestamp,
        resolved_at: Nullable(Timestamp),
        resolution: Nullable(Type.String()),
      }),
    ),
  }),
});
