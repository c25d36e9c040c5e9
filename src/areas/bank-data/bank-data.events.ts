import { Type } from 'typebox';
import { Amount, defineEvents, Nullable, Open } from '../../platform/events.ts';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';
import recorded from './bank-data.events.json' with { type: 'json' };

/** The bank data's event: a payment alert raised (bank-data.alerts.ts). */
export const bankDataEvents = defineEvents(
  { file: new URL('./bank-data.events.json', import.meta.url), recorded },
  [
    {
      type: 'payment.reached_seller',
      emitted: true,
      description: 'A seller received a debtor payment on a request you funded under confidential terms.',
      summary: 'A seller received a debtor payment',
      carries:
        '`alert`: `alert_id`, `request_id`, `request_ref`, `debtor_tax_id`, `debtor_name`, `amount`, `received_at`, `reference` and `raised_at` (as listed in `payment_alerts` of `GET /v1/requests/{id}/cash-flow`). Sent once per payment and request.',
      data: Open({
        alert: Open({
          alert_id: Uuid,
          request_id: Uuid,
          request_ref: Type.String(),
          debtor_tax_id: Type.String(),
          debtor_name: Nullable(Type.String()),
          amount: Amount,
          received_at: Timestamp,
          reference: Nullable(Type.String()),
          raised_at: Timestamp,
        }),
      }),
    },
  ],
);
