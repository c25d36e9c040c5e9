import { Type } from 'typebox';
import { ERROR_CODE, Fields, Flag, Id, Int, OneOf, OrNull, Reason } from '../../platform/http/input.ts';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';
import {
  ANNOUNCE_OVERDUE_DAYS,
  BANK_DATA,
  DISCLOSURES,
  RECOURSE_DAYS,
  RECOURSES,
} from './programme.terms.ts';

const Days = (range: { min: number; max: number }, description: string) =>
  Type.Union([Type.Integer({ minimum: range.min, maximum: range.max }), Type.Null()], { description });

const TermsProperties = {
  disclosure: Type.Union([Type.Literal('announced'), Type.Literal('confidential')], {
    description:
      'announced: debtors acknowledge before funding; confidential: notices prepared, sent when announced',
  }),
  recourse: Type.Union([Type.Literal('with'), Type.Literal('without')]),
  recourse_days: Days(RECOURSE_DAYS, 'Days after an invoice’s due date before a claim opens; null: none'),
  announce_overdue_days: Days(
    ANNOUNCE_OVERDUE_DAYS,
    'Automatic announcement this many days after an invoice’s due date; null: off',
  ),
  announce_on_dispute: Type.Boolean({ description: 'Automatic announcement when a dispute is raised' }),
  announce_on_kyc_lapse: Type.Boolean({
    description: 'Automatic announcement when the seller’s verification lapses',
  }),
  bank_data: Type.Union([Type.Literal('off'), Type.Literal('requested'), Type.Literal('required')]),
};

export const TermsInForce = Type.Object({
  ...TermsProperties,
  source: Type.Union([Type.Literal('funder_default'), Type.Literal('seller')], {
    description: 'funder_default: your default; seller: the company’s own terms over your default',
  }),
});

export const Programme = Type.Object({
  funder: Type.Object({ bank_id: Uuid, name: Type.String() }),
  default: Type.Object({
    ...TermsInForce.properties,
    updated_at: Type.Union([Timestamp, Type.Null()], { description: 'null while never changed' }),
  }),
  companies: Type.Array(
    Type.Object({
      seller_id: Uuid,
      company_name: Type.String(),
      tax_id: Type.String(),
      terms: TermsInForce,
      reason: Type.Union([Type.String(), Type.Null()], {
        description: 'Why the company’s own terms were set',
      }),
      updated_at: Type.Union([Timestamp, Type.Null()]),
    }),
    { description: 'Companies with a request routed to you, and those you set terms for' },
  ),
  requests: Type.Record(Type.String(), Type.Integer({ minimum: 0 }), {
    description: 'Requests routed to you, counted by `<disclosure>:<recourse>:<status>`',
  }),
});

const termsCode = { code: 'terms_invalid' as const };

/** The programme keys a caller sets; only the keys sent change. `reset` only where a company's terms can be removed. */
export function TermsInput(withReset: boolean) {
  return Fields(
    {
      disclosure: Type.Optional(OneOf(DISCLOSURES, termsCode)),
      recourse: Type.Optional(OneOf(RECOURSES, termsCode)),
      recourse_days: Type.Optional(OrNull(Int({ ...termsCode, ...RECOURSE_DAYS }))),
      announce_overdue_days: Type.Optional(OrNull(Int({ ...termsCode, ...ANNOUNCE_OVERDUE_DAYS }))),
      announce_on_dispute: Type.Optional(Flag(termsCode)),
      announce_on_kyc_lapse: Type.Optional(Flag(termsCode)),
      bank_data: Type.Optional(OneOf(BANK_DATA, termsCode)),
      ...(withReset
        ? {
            reset: Type.Optional(
              Type.Literal(true, {
                [ERROR_CODE]: 'terms_invalid',
                description: 'Alone, with a seller_id: removes the company’s own terms',
              }),
            ),
          }
        : {}),
    },
    {
      code: 'terms_invalid',
      unknownCode: 'terms_key_unknown',
      nonEmpty: true,
      description: 'Only the keys sent change',
    },
  );
}

/** PUT /v1/programme */
export const ProgrammeBody = Fields(
  {
    seller_id: Type.Optional(
      OrNull(Id({ code: 'seller_id_invalid', description: 'The company; absent or null: your default' })),
    ),
    terms: TermsInput(true),
    reason: Reason(),
  },
  { description: 'The terms to change, for your default or one company, and why' },
);

export const ProgrammeChange = Type.Object({
  seller_id: Type.Union([Uuid, Type.Null()]),
  terms: TermsInForce,
  reason: Type.Union([Type.String(), Type.Null()], {
    description: 'The reason now kept with these terms; null after a reset',
  }),
  changed: Type.Boolean(),
  updated_at: Timestamp,
  open_requests_keep_their_terms: Type.Integer({
    minimum: 0,
    description: 'Open requests routed to you under other terms than those now in force; they keep theirs',
  }),
});
