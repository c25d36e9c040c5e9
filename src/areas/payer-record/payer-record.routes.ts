import { type TSchema, Type } from 'typebox';
import type { App } from '../../platform/http/app.ts';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';
import type { PayerRecordService } from './payer-record.service.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const PayerRecord = Type.Object(
  {
    debtor_key: Type.String({ description: 'COUNTRY:TAXID of the buyer' }),
    country: Type.String(),
    tax_id: Type.String(),
    status: Type.Union([Type.Literal('published'), Type.Literal('insufficient_observers')], {
      description: 'published with at least three observing suppliers; otherwise every figure is null',
    }),
    observers: Nullable(Type.Integer({ description: 'Distinct suppliers with a line in the window' })),
    invoice_count: Nullable(Type.Integer()),
    avg_days_to_pay: Nullable(Type.Number()),
    median_days_to_pay: Nullable(Type.Number()),
    on_time_pct: Nullable(Type.Number()),
    avg_settle_delay_days: Nullable(Type.Number({ description: 'Days from due date to payment' })),
    median_settle_delay_days: Nullable(Type.Number()),
    p75_settle_delay_days: Nullable(Type.Number()),
    worst_settle_delay_days: Nullable(Type.Integer()),
    open_count: Nullable(Type.Integer()),
    open_amount: Nullable(Type.Number()),
    overdue_count: Nullable(Type.Integer()),
    overdue_amount: Nullable(Type.Number()),
    window_from: Nullable(Type.String({ format: 'date', description: 'Lines issued from this date' })),
    refreshed_at: Nullable(Timestamp),
  },
  { description: 'Aggregates of how a buyer pays the suppliers connected to the service' },
);

export function payerRecordRoutes(deps: { payerRecord: PayerRecordService }) {
  return (app: App) => {
    app.get(
      '/v1/payer-record',
      {
        config: { auth: 'key' },
        schema: {
          tags: ['Limits and payer record'],
          summary: 'How a buyer pays its suppliers: aggregates from connected suppliers’ ledgers',
          querystring: Type.Object(
            {
              tax_id: Type.Optional(Type.String({ description: 'The buyer’s tax number (required)' })),
              country: Type.Optional(Type.String({ description: 'ISO 3166-1 alpha-2' })),
            },
            { additionalProperties: false },
          ),
          response: {
            200: Type.Object({
              funder: Type.Object({ bank_id: Uuid, name: Type.String() }),
              payer_record: Nullable(PayerRecord),
            }),
          },
        },
      },
      async (request) => deps.payerRecord.read(request.caller!, request.query),
    );
  };
}
