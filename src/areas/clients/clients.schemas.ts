import { type TSchema, Type } from 'typebox';
import {
  DateTimeText,
  Fields,
  Flag,
  Id,
  Int,
  OneOf,
  OrNull,
  Reason,
  Text,
} from '../../platform/http/input.ts';
import { CursorParam, OptionalLimit, PageMarksFields, Timestamp, Uuid } from '../../platform/http/schemas.ts';
import { LANGS } from './clients.shared.ts';

const Nullable = <T extends TSchema>(schema: T, description?: string) =>
  Type.Union([schema, Type.Null()], description ? { description } : {});

// Inputs

const Lang = OneOf(LANGS, { code: 'lang_invalid', description: 'Language of the page the link opens' });
const ShortReason = Text({ code: 'reason_invalid', max: 200, description: 'Why, up to 200 characters' });

export const LangQuery = Fields({ lang: Type.Optional(Lang) });

/** A list of the owners' links or prescribers: `lang`, and pages that had none before (absent `limit`: all). */
export const PagedLangQuery = Fields({
  lang: Type.Optional(Lang),
  limit: OptionalLimit(200),
  cursor: CursorParam,
});

export const CreateLinkBody = Fields({
  prescriber_id: Type.Optional(
    OrNull(
      Id({ code: 'prescriber_invalid', description: 'An active prescriber; absent or null: your own link' }),
    ),
  ),
  expires_at: Type.Optional(
    DateTimeText({
      code: 'expires_at_invalid',
      description: 'Between one hour and three years from now; one year when left out',
    }),
  ),
  replace: Type.Optional(
    Flag({ code: 'invalid_flag', description: 'Replace the working link of this owner' }),
  ),
  reason: Type.Optional(ShortReason),
  lang: Type.Optional(Lang),
});

/** Disabling a link or prescriber, revoking an invitation or onboarding link: an optional reason. */
export const DisableBody = Fields({ reason: Type.Optional(OrNull(ShortReason)) });

export const CreatePrescriberBody = Fields({
  name: Text({ code: 'name_invalid', min: 2, max: 120, description: 'Unique among your active prescribers' }),
  email: Type.Optional(
    OrNull(Text({ code: 'email_invalid', max: 254, description: 'Sandbox: a reserved domain only' })),
  ),
  notes: Type.Optional(OrNull(Text({ code: 'notes_invalid', max: 1000 }))),
  lang: Type.Optional(Lang),
});

export const InvitationsQuery = Fields({
  limit: Type.Optional(Int({ min: 1, max: 500, default: 200, description: '1 to 500, default 200' })),
  cursor: CursorParam,
});

export const ArrivalBody = Fields({
  company_name: Text({ code: 'body_invalid', min: 2, max: 200 }),
  tax_id: Text({ code: 'tax_id_required', min: 2, max: 32 }),
  country: Type.String({ pattern: '^[A-Za-z]{2}$', 'x-error-code': 'country_invalid' }),
  email: Text({ code: 'email_invalid', max: 254 }),
});

const metadataCode = { 'x-error-code': 'metadata_invalid' } as const;
const MetadataValue = Type.Union(
  [
    Type.String({ maxLength: 2048, ...metadataCode }),
    Type.Number(metadataCode),
    Type.Boolean(metadataCode),
    Type.Null(metadataCode),
  ],
  metadataCode,
);

export const CreateOnboardingBody = Fields({
  company_vat: Text({
    code: 'company_vat_invalid',
    min: 2,
    max: 32,
    description: 'With or without country prefix',
  }),
  country: Type.String({
    pattern: '^[A-Za-z]{2}$',
    'x-error-code': 'country_invalid',
    description: 'ISO 3166 alpha-2',
  }),
  contact_email: Text({ code: 'email_invalid', max: 254 }),
  return_url: Text({
    code: 'return_url_invalid',
    min: 9,
    max: 2048,
    description: 'https, on one of your return origins',
  }),
  company_name: Type.Optional(
    Text({
      code: 'company_name_invalid',
      min: 2,
      max: 200,
      description: 'May be left out for an EU VAT number',
    }),
  ),
  contact_name: Type.Optional(Text({ code: 'contact_name_invalid', max: 120 })),
  metadata: Type.Optional(
    Type.Record(Type.String({ maxLength: 100, 'x-error-code': 'metadata_invalid' }), MetadataValue, {
      maxProperties: 20,
      'x-error-code': 'metadata_invalid',
      description: 'At most 20 keys and 2 KB of JSON; values text, number, true, false or null',
    }),
  ),
  locale: Type.Optional(OneOf(LANGS, { code: 'locale_invalid' })),
  valid_days: Type.Optional(Int({ code: 'valid_days_invalid', min: 1, max: 30, default: 14 })),
});

export const OnboardingListQuery = Fields({
  limit: Type.Optional(Int({ min: 1, max: 200, default: 50, description: '1 to 200, default 50' })),
  cursor: CursorParam,
});

export const ReturnOriginsBody = Fields({
  origins: Type.Array(Type.String({ maxLength: 300 }), { maxItems: 50 }),
});

// Answers

export const ClientLink = Type.Object({
  id: Uuid,
  prescriber_id: Nullable(Uuid),
  state: Type.Union([Type.Literal('active'), Type.Literal('disabled'), Type.Literal('expired')]),
  created_at: Timestamp,
  expires_at: Timestamp,
  disabled_at: Nullable(Timestamp),
  disabled_reason: Nullable(Type.String()),
  replaced_by: Nullable(Uuid),
  arrivals: Type.Integer({ description: 'Companies whose first arrival was through this link' }),
  claims_last_day: Type.Integer({ description: 'Sign-ups through this link in the last 24 hours' }),
  url: Type.Optional(
    Type.String({
      description:
        'Present while the link works; absent too for a link made before the last two rotations of the service’s secrets key, which works on but must be re-issued (`replace: true`) to be shown',
    }),
  ),
});

export const ClientLinkAnswer = Type.Object({ client_link: ClientLink });
export const ClientLinkChange = Type.Object({ client_link: ClientLink, changed: Type.Boolean() });
export const ClientLinkList = Type.Object({ count: Type.Integer(), client_links: Type.Array(ClientLink) });

export const Prescriber = Type.Object({
  id: Uuid,
  name: Type.String(),
  email: Nullable(Type.String()),
  notes: Nullable(Type.String()),
  active: Type.Boolean(),
  created_at: Timestamp,
  disabled_at: Nullable(Timestamp),
  disabled_reason: Nullable(Type.String()),
  arrivals: Type.Integer({ description: 'Companies whose first arrival was through its links' }),
  link: Nullable(ClientLink),
});
export const PrescriberAnswer = Type.Object({ prescriber: Prescriber });
export const PrescriberChange = Type.Object({ prescriber: Prescriber, changed: Type.Boolean() });
export const PrescriberList = Type.Object({
  count: Type.Integer(),
  prescribers: Type.Array(Prescriber),
  ...PageMarksFields,
});

const Via = Type.Union([Type.Literal('link'), Type.Literal('named'), Type.Literal('api')]);

export const Invitation = Type.Object({
  id: Uuid,
  via: Via,
  state: Type.Union([
    Type.Literal('pending'),
    Type.Literal('accepted'),
    Type.Literal('revoked'),
    Type.Literal('expired'),
  ]),
  prescriber_id: Nullable(Uuid),
  client_link_id: Nullable(Uuid),
  company: Type.Object({ name: Type.String(), tax_id: Type.String(), country: Type.String() }),
  contact: Type.Object({ email: Type.String() }),
  seller_id: Nullable(Uuid),
  created_at: Timestamp,
  expires_at: Timestamp,
  accepted_at: Nullable(Timestamp),
  revoked_at: Nullable(Timestamp),
  revoked_reason: Nullable(Type.String()),
});
export const InvitationAnswer = Type.Object({ invitation: Invitation });
export const InvitationChange = Type.Object({ invitation: Invitation, changed: Type.Boolean() });
export const InvitationList = Type.Object({
  count: Type.Integer(),
  invitations: Type.Array(Invitation),
  ...PageMarksFields,
});

const Counts = {
  arrived: Type.Integer(),
  joined: Type.Integer(),
  onboarded: Type.Integer(),
  requests: Type.Integer(),
  amount_requested: Type.Number(),
  amount_funded: Type.Number({ description: 'Advance (else total) of funded or settled requests' }),
};

const ReportCompany = Type.Object({
  company_name: Type.String(),
  company_tax_id: Type.String(),
  country: Type.String(),
  arrived_at: Timestamp,
  joined_at: Nullable(Timestamp),
  onboarded_at: Nullable(Timestamp),
  requests: Type.Integer(),
  amount_requested: Type.Number(),
  amount_funded: Type.Number(),
});

export const PrescriberReport = Type.Object({
  funder: Type.Object({ bank_id: Uuid, name: Type.String() }),
  plane: Type.Union([Type.Literal('live'), Type.Literal('demo')]),
  generated_at: Timestamp,
  currency: Type.Literal('EUR'),
  totals: Type.Object(Counts),
  groups: Type.Array(
    Type.Object({
      kind: Type.Union([
        Type.Literal('prescriber'),
        Type.Literal('own_link'),
        Type.Literal('named'),
        Type.Literal('api'),
      ]),
      prescriber_id: Type.Optional(Uuid),
      name: Type.Optional(Type.String()),
      active: Type.Optional(Type.Boolean()),
      since: Type.Optional(Timestamp),
      ...Counts,
      companies: Type.Array(ReportCompany),
    }),
  ),
});

export const OnboardingLink = Type.Object({
  id: Uuid,
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('account_created'),
    Type.Literal('completed'),
    Type.Literal('expired'),
    Type.Literal('revoked'),
  ]),
  company_name: Type.String(),
  company_name_source: Type.Union(
    [Type.Literal('given'), Type.Literal('own_records'), Type.Literal('vat_service')],
    { description: 'Where the name came from: your body, our own records, or the EU VAT service' },
  ),
  company_vat: Type.String({ description: 'Without country prefix' }),
  country: Type.String(),
  contact_email: Type.String(),
  contact_name: Nullable(Type.String()),
  return_url: Type.String(),
  metadata: Type.Record(Type.String(), MetadataValue),
  locale: Type.String(),
  created_at: Timestamp,
  expires_at: Timestamp,
  account_created_at: Nullable(Timestamp, 'When the supplier opened its account through the link'),
  completed_at: Nullable(Timestamp),
  revoked_at: Nullable(Timestamp),
  revoked_reason: Nullable(Type.String()),
  seller_id: Nullable(Uuid),
});

export const OnboardingCreated = Type.Object({
  onboarding_link: OnboardingLink,
  url: Type.String({ description: 'Give it to your supplier; the service sends no e-mail' }),
  expires_at: Timestamp,
  environment: Type.Union([Type.Literal('live'), Type.Literal('sandbox'), Type.Literal('unclassified')]),
  return_secret: Type.String({ pattern: '^ors_[0-9a-f]{64}$', description: 'Shown once only' }),
  return: Type.Object({
    parameters: Type.Array(Type.String()),
    signature: Type.Object({
      algorithm: Type.String(),
      key: Type.String(),
      message: Type.String(),
      encoding: Type.String(),
      tolerance_seconds: Type.Integer(),
    }),
  }),
});
export const OnboardingAnswer = Type.Object({ onboarding_link: OnboardingLink });
export const OnboardingChange = Type.Object({ onboarding_link: OnboardingLink, changed: Type.Boolean() });
export const OnboardingList = Type.Object({
  count: Type.Integer(),
  onboarding_links: Type.Array(OnboardingLink),
  ...PageMarksFields,
});
export const OnboardingCompleted = Type.Object({
  onboarding_link: OnboardingLink,
  return_url: Type.String({
    description: 'Your return_url with svc_onboarding, svc_status, svc_ts, svc_sig',
  }),
});

export const ReturnOrigins = Type.Object({ bank_id: Uuid, origins: Type.Array(Type.String()) });

export const SellerParams = Type.Object({ seller_id: Uuid });

export const LeaveBody = Fields({
  reason: Reason('Why the company leaves the network, at least 8 characters; kept on the evidence chain'),
});

export const ClientLeft = Type.Object({
  client: Type.Object({
    seller_id: Uuid,
    bank_id: Uuid,
    via: Via,
    prescriber_id: Nullable(Uuid, 'The prescriber that brought the company, kept after it leaves'),
    joined_at: Timestamp,
    left_at: Nullable(Timestamp, 'When the company left the network'),
    left_reason: Nullable(Type.String(), 'Why it left, as recorded'),
  }),
  changed: Type.Boolean({ description: 'false: the company had already left; nothing changed' }),
});
