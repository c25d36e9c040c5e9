import { Type } from 'typebox';
import { Fields, Flag, List, OneOf, OrNull, Reason, Text } from '../../platform/http/input.ts';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';
import { CONSENT_LEVELS } from './settings.consent-levels.ts';
import { CODES_MAX, NOTE_MAX } from './settings.required-documents.ts';

export const ConsentLevelSchema = Type.Union(
  [Type.Literal('receipt'), Type.Literal('acknowledgment'), Type.Literal('acceptance')],
  { description: 'Lowest to highest: receipt, acknowledgment, acceptance' },
);

const Count = Type.Integer({ minimum: 0 });
const Languages = Type.Array(Type.String(), { description: 'Languages with a text for this level' });

export const Settings = Type.Object({
  debtor_consent_level: ConsentLevelSchema,
  require_counsel_approved_texts: Type.Boolean(),
  listed_buyers_only: Type.Boolean({
    description: 'Offers only on debtors on the list the service keeps for the funder',
  }),
  listed_buyers_count: Count,
  offer_validity_days: Type.Integer({ description: 'Validity of an offer sent without valid_days' }),
  open_requests_by_level: Type.Object(
    { receipt: Count, acknowledgment: Count, acceptance: Count },
    { description: 'Open requests routed to the funder, by the consent level fixed when routed' },
  ),
  declaration_text_languages: Type.Array(
    Type.Object({
      governing_law: Type.String({ description: 'Country code of the law governing the notice' }),
      levels: Type.Object({ receipt: Languages, acknowledgment: Languages, acceptance: Languages }),
    }),
    { description: 'Only counsel-approved texts count while require_counsel_approved_texts is true' },
  ),
});

export const SettingsChange = Type.Object({
  ...Settings.properties,
  changed: Type.Boolean(),
  open_requests_keep_their_level: Type.Integer({
    minimum: 0,
    description: 'Open requests routed with a level other than the one now set; they keep theirs',
  }),
});

/** PUT /v1/settings: the fields sent change; a reason is required. */
export const SettingsBody = Fields(
  {
    debtor_consent_level: Type.Optional(
      OneOf(CONSENT_LEVELS, {
        code: 'level_invalid',
        description: 'What debtors sign on requests routed from now on',
      }),
    ),
    require_counsel_approved_texts: Type.Optional(Flag({ code: 'invalid_flag' })),
    reason: Reason(),
  },
  { description: 'The settings to change, and why' },
);

/** PUT /v1/required-documents: replaces the list for one seller country. */
export const RequiredDocumentsBody = Fields(
  {
    country: Text({
      code: 'country_invalid',
      max: 2,
      pattern: '^[A-Za-z]{2}$',
      hint: 'must be two letters, the seller country (for example ES)',
    }),
    codes: List(Text({ code: 'codes_invalid', max: 64 }), {
      code: 'codes_invalid',
      max: CODES_MAX,
      description: 'Catalogue codes; an empty list clears the list for the country',
    }),
    note: Type.Optional(
      OrNull(Text({ code: 'note_invalid', max: NOTE_MAX, description: 'Kept on the evidence chain' })),
    ),
  },
  { code: 'body_required', nonEmpty: true, description: 'The list for one seller country' },
);

export const CatalogueEntry = Type.Object({
  code: Type.String(),
  names: Type.Object({
    pt: Type.String(),
    es: Type.String(),
    en: Type.String(),
    fr: Type.String(),
    de: Type.String(),
    it: Type.String(),
    nl: Type.String(),
  }),
  issuer: Type.String(),
  usual_validity_days: Type.Union([Type.Integer(), Type.Null()], {
    description: 'A pre-fill only: the date printed on the document is what counts',
  }),
  sensitivity: Type.Union([Type.Literal('public'), Type.Literal('confidential'), Type.Literal('personal')]),
  countries: Type.Array(Type.String(), { description: 'Seller countries the document applies to' }),
});

export const RequiredList = Type.Object({
  country: Type.String(),
  codes: Type.Array(Type.String()),
  note: Type.Union([Type.String(), Type.Null()]),
  updated_at: Timestamp,
});

export const RequiredDocuments = Type.Object({
  catalogue: Type.Array(CatalogueEntry),
  required_by_country: Type.Array(RequiredList, {
    description: "The funder's list per seller country; a country without a list requires nothing",
  }),
});

export const RequiredDocumentsChange = Type.Object({
  ...RequiredDocuments.properties,
  changed: Type.Boolean(),
  country: Type.String(),
  codes: Type.Array(Type.String()),
  open_requests_not_meeting: Type.Integer({
    minimum: 0,
    description: "Open requests routed to the funder whose seller does not meet this country's list today",
  }),
});

const Buyer = Type.Object({ country: Type.String(), tax_id: Type.String() });

export const ListedBuyersBody = Type.Object(
  {
    plane: Type.Union([Type.Literal('live'), Type.Literal('demo')]),
    listed_buyers_only: Type.Boolean(),
    buyers: Type.Array(
      Type.Object(
        { country: Type.String(), tax_id: Type.String({ maxLength: 64 }) },
        { additionalProperties: false },
      ),
      { maxItems: 10_000 },
    ),
  },
  { additionalProperties: false },
);

export const ListedBuyersAnswer = Type.Object({
  bank_id: Uuid,
  plane: Type.Union([Type.Literal('live'), Type.Literal('demo')]),
  listed_buyers_only: Type.Boolean(),
  buyers: Type.Array(Buyer),
  changed: Type.Boolean(),
});
