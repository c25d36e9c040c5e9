import { type TSchema, Type } from 'typebox';
import {
  DateText,
  DateTimeText,
  Euros,
  Fields,
  Flag,
  Id,
  List,
  OneOf,
  OrNull,
  Reason,
  Text,
} from '../../platform/http/input.ts';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';
import { PROBLEMS } from './bank-data.views.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Last4 = Type.String({
  description: 'The last four characters of the IBAN: an IBAN is never shown whole',
});
const Month = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}$', description: 'YYYY-MM' });

// --- inputs -----------------------------------------------------------------------------------

const Iban = Text({
  min: 15,
  max: 34,
  pattern: '^[A-Za-z]{2}[0-9]{2}[A-Za-z0-9]{11,30}$',
  hint: 'an IBAN: two letters, two check digits, 11 to 30 letters or digits, no spaces',
  examples: ['ES9121000418450200051332'],
});
const TaxId = Text({ min: 2, max: 32, description: 'The paying debtor’s tax id' });
const Amount = Euros({ positive: true, code: 'invalid_amount', description: 'Euros, above 0' });

export const SandboxConnectBody = Fields({
  payout_account_own: Type.Optional(
    Flag({
      description:
        'Whether the account you pay into is the seller’s own (default true): true names the first account its bank returns, in the company’s name; false names an account its bank does not return.',
    }),
  ),
});

export const SandboxPaymentBody = Fields({
  debtor_tax_id: Type.Optional(TaxId),
  amount: Amount,
});

const AccountInput = Fields({
  iban: Iban,
  holder_name: Text({ min: 1, max: 200 }),
  in_company_name: Flag({ description: 'Whether the bank says the account is held in the company’s name' }),
  currency: Type.Optional(Text({ min: 3, max: 3, pattern: '^[A-Z]{3}$', hint: 'three capital letters' })),
  balance: Type.Number({ minimum: -1_000_000_000, maximum: 1_000_000_000, multipleOf: 0.01 }),
});

const MovementInput = Fields({
  iban: Iban,
  booked_on: DateText(),
  amount: Type.Number({
    minimum: -1_000_000_000,
    maximum: 1_000_000_000,
    multipleOf: 0.01,
    description: 'Signed euros, not 0: money in above 0, money out below 0',
  }),
});

export const OpsConnectBody = Fields({
  bank_id: Id(),
  seller_id: Id(),
  accounts: List(AccountInput, { min: 1, max: 10 }),
  movements: Type.Optional(List(MovementInput, { max: 5000 })),
  payout_iban: Type.Optional(OrNull(Iban)),
});

export const OpsRevokeBody = Fields({ reason: Reason('Why the seller revoked its consent') });

export const OpsPaymentBody = Fields({
  seller_id: Id(),
  debtor_tax_id: TaxId,
  amount: Amount,
  received_at: Type.Optional(DateTimeText()),
  reference: Type.Optional(Text({ min: 1, max: 140 })),
});

export const OpsCollectionReadBody = Fields({
  bank_id: Id(),
  bank_name: Text({ min: 1, max: 120 }),
  accounts: Type.Optional(
    List(
      Fields({
        iban: Iban,
        holder_name: Type.Optional(Text({ min: 1, max: 200 })),
        currency: Type.Optional(
          Text({ min: 3, max: 3, pattern: '^[A-Z]{3}$', hint: 'three capital letters' }),
        ),
      }),
      { max: 20 },
    ),
  ),
  error: Type.Optional(OrNull(Text({ min: 1, max: 500 }))),
});

export const OpsPriceBody = Fields({
  bank_id: Id(),
  month: Text({
    min: 7,
    max: 7,
    // A month of the calendar: the year 0000 is none (dates start at the year 1).
    pattern: '^(?!0000)[0-9]{4}-(0[1-9]|1[0-2])$',
    hint: 'YYYY-MM',
    examples: ['2026-10'],
  }),
  unit_price_eur: OrNull(Type.Number({ minimum: 0, maximum: 1000, multipleOf: 0.0001 })),
});

// --- answers ----------------------------------------------------------------------------------

export const PaymentAlert = Type.Object({
  alert_id: Uuid,
  request_id: Uuid,
  request_ref: Type.String(),
  debtor_tax_id: Type.String(),
  debtor_name: Nullable(Type.String()),
  amount: Type.Number({ description: 'Euros the seller received' }),
  received_at: Timestamp,
  reference: Type.String({ description: 'The payment’s reference as the seller’s bank gave it' }),
  raised_at: Timestamp,
});

const Problem = Type.Object({
  problem: OneOf(PROBLEMS),
  holds_funding: Type.Boolean({ description: 'true under `bank_data: required`: funding waits for it' }),
  asked_at: Nullable(Timestamp),
  message: Type.String(),
});

export const CashFlowAnswer = Type.Object({
  request_id: Uuid,
  bank_data: OneOf(['off', 'requested', 'required'] as const, {
    description: 'The request’s `bank_data` term, as routed',
  }),
  cash_flow: Nullable(
    Type.Object({
      connection: Type.Object({
        connection_id: Uuid,
        status: Type.Literal('active'),
        consented_at: Timestamp,
        last_read_at: Timestamp,
      }),
      accounts: Type.Array(
        Type.Object({
          account_id: Uuid,
          iban_last4: Last4,
          holder_name: Type.String(),
          in_company_name: Type.Boolean(),
          currency: Type.String(),
        }),
      ),
      balances: Type.Array(
        Type.Object({
          account_id: Uuid,
          iban_last4: Last4,
          amount: Type.Number(),
          currency: Type.String(),
          as_of: Timestamp,
        }),
      ),
      movements: Type.Object({
        from_month: Month,
        to_month: Month,
        months: Type.Array(
          Type.Object({
            month: Month,
            credits: Type.Number({ description: 'Money in, euros' }),
            debits: Type.Number({ description: 'Money out, euros (positive)' }),
            net: Type.Number(),
            movements: Type.Integer(),
          }),
        ),
      }),
      payout_account: Nullable(
        Type.Object({
          iban_last4: Last4,
          returned_by_bank: Type.Boolean(),
          in_company_name: Type.Boolean(),
          confirmed: Type.Boolean({ description: 'Returned by the bank and held in the company’s name' }),
        }),
      ),
    }),
  ),
  bank_data_problems: Type.Array(Problem),
  payment_alerts: Type.Array(PaymentAlert),
});

export const BankDataAnswer = Type.Object({
  funder: Type.Object({ bank_id: Uuid, name: Type.String() }),
  collection_connections: Type.Array(
    Type.Object({
      connection_id: Uuid,
      bank_name: Type.String(),
      status: OneOf(['connected', 'failing'] as const),
      accounts: Type.Array(
        Type.Object({ iban_last4: Last4, holder_name: Nullable(Type.String()), currency: Type.String() }),
      ),
      last_read_at: Nullable(Timestamp),
      last_error: Nullable(Type.String()),
      last_error_at: Nullable(Timestamp),
    }),
  ),
  sellers_sharing: Type.Integer({ description: 'Sellers whose consent to you is in force now' }),
  payment_alerts: Type.Object({
    since: Type.String({ format: 'date', description: 'The first Madrid day counted (180 days back)' }),
    count: Type.Integer(),
    alerts: Type.Array(PaymentAlert),
  }),
  charges: Type.Array(
    Type.Object({
      month: Month,
      reads: Type.Integer({ description: 'Reads of the account-information provider charged to you' }),
      unit_price_eur: Nullable(Type.Number()),
      amount_eur: Nullable(Type.Number()),
    }),
  ),
});

export const SandboxConnectAnswer = Type.Object({
  request_id: Uuid,
  seller_id: Uuid,
  connection_id: Uuid,
  replaced_connection_id: Nullable(Uuid),
  accounts: Type.Array(Last4),
  payout_iban_last4: Last4,
  payout_account_own: Type.Boolean(),
  movements: Type.Integer(),
});

export const SandboxPaymentAnswer = Type.Object({
  request_id: Uuid,
  seller_id: Uuid,
  debtor_tax_id: Type.String(),
  payment_id: Nullable(Uuid),
  recorded: Type.Boolean(),
  alerts: Type.Array(PaymentAlert),
});

export const OpsAnswer = Type.Object({}, { additionalProperties: true });
