import { Type } from 'typebox';
import { Amount, Day, defineEvents, Nullable, Open } from '../../platform/events.ts';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';
import { PartyInEvents } from '../parties/parties.module.ts';
import recorded from './early-payments.events.json' with { type: 'json' };

const Money = Open({ amount: Amount, value_date: Day, reference: Type.String(), recorded_at: Timestamp });

/** The early payment as `GET /v1/early-payments/{id}` answers it. */
const EarlyPayment = Open(
  {
    id: Uuid,
    status: Type.String({ description: 'released, accepted, declined, withdrawn, paid, repaid, ...' }),
    buyer: PartyInEvents,
    supplier: Open({ seller_id: Uuid, name: Type.String(), tax_id: Type.String(), country: Type.String() }),
    invoice: Open({ id: Uuid, number: Type.String(), issue_date: Day, due_date: Day }),
    amount_due: Amount,
    offered_amount: Amount,
    maturity_date: Day,
    released_at: Timestamp,
    accepted_at: Nullable(Timestamp),
    paid: Nullable(Money),
    repayments: Type.Array(Money),
    repaid_amount: Amount,
    outstanding: Amount,
    closed_at: Nullable(Timestamp),
    close_reason: Nullable(Type.String()),
  },
  'The early payment as `GET /v1/early-payments/{id}` answers it',
);

const data = Open({ early_payment: EarlyPayment });
const carries = 'the early payment as `GET /v1/early-payments/{id}` answers it (`early_payment`).';

/**
 * Buyer-programme early payments' events, in the order of an early payment's life: beyond the
 * spec's list (docs/decisions/early-payments.md).
 */
export const earlyPaymentsEvents = defineEvents(
  { file: new URL('./early-payments.events.json', import.meta.url), recorded },
  [
    {
      type: 'early_payment.released',
      emitted: true,
      description: 'An early payment was offered to a supplier with you as its funder.',
      summary: 'An early payment was offered with you as funder',
      carries,
      data,
    },
    {
      type: 'early_payment.accepted',
      emitted: true,
      description: 'The supplier accepted an early payment of yours.',
      summary: 'The supplier accepted an early payment',
      carries,
      data,
    },
    {
      type: 'early_payment.declined',
      emitted: true,
      description: 'The supplier declined an early payment of yours.',
      summary: 'The supplier declined an early payment',
      carries,
      data,
    },
    {
      type: 'early_payment.withdrawn',
      emitted: true,
      description: 'The buyer withdrew an early payment of yours.',
      summary: 'The buyer withdrew an early payment',
      carries,
      data,
    },
    {
      type: 'early_payment.paid',
      emitted: true,
      description: 'You recorded the early payment you made.',
      summary: 'You recorded an early payment',
      carries,
      data,
    },
    {
      type: 'early_payment.repayment_recorded',
      emitted: true,
      description: 'You recorded a partial repayment by the buyer.',
      summary: 'You recorded a partial repayment',
      carries,
      data,
    },
    {
      type: 'early_payment.repaid',
      emitted: true,
      description: 'The buyer repaid an early payment in full.',
      summary: 'The buyer repaid an early payment in full',
      carries,
      data,
    },
  ],
);
