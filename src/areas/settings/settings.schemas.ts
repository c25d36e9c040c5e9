import { Type } from 'typebox';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';

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

const Untyped = (description: string) => Type.Unsafe<unknown>({ description });

/**
 * Bodies of the settings PUTs are checked in the service so each bad field gets the spec's own
 * code; the schema only refuses members it does not know (body_invalid) and documents the rest.
 */
export const SettingsBody = Type.Unsafe<unknown>({
  description: 'JSON object. Fields sent change; reason is required.',
  properties: {
    debtor_consent_level: Untyped('receipt, acknowledgment or acceptance (level_invalid otherwise)'),
    require_counsel_approved_texts: Untyped('boolean (invalid_flag otherwise)'),
    reason: Untyped('string of at least 8 characters, kept on the evidence chain (reason_required)'),
  },
  additionalProperties: false,
});

export const RequiredDocumentsBody = Type.Unsafe<unknown>({
  description: 'JSON object replacing the list for one seller country (body_required when absent)',
  properties: {
    country: Untyped('two letters, ^[A-Za-z]{2}$ (country_invalid)'),
    codes: Untyped('array of catalogue codes; an empty array clears the list (codes_invalid)'),
    note: Untyped('string up to 500 characters, kept on the evidence chain (note_invalid)'),
  },
  additionalProperties: false,
});

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
