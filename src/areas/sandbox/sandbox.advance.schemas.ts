import { Type } from 'typebox';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';
import { RequestListItem } from '../requests/requests.module.ts';

/** POST /v1/sandbox/requests/{id}/advance: how many days pass for the request. */
export const AdvanceBody = Type.Object(
  {
    days: Type.Integer({
      minimum: 1,
      maximum: 400,
      description: 'Days that pass for this request only (1 to 400)',
    }),
  },
  { additionalProperties: false },
);

const InvoiceTime = Type.Object({
  invoice_no: Type.String(),
  due_date: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
  state: Type.Union(
    [Type.Literal('not_due'), Type.Literal('due'), Type.Literal('overdue'), Type.Literal('no_due_date')],
    { description: 'Where the invoice stands on the request’s own day' },
  ),
  days_overdue: Type.Integer({ minimum: 0 }),
});

/** The request after the move, where its time stands, and what the move made happen. */
export const AdvanceAnswer = Type.Object({
  request: RequestListItem,
  time: Type.Object({
    days_advanced: Type.Integer({ description: 'Days this call moved the request' }),
    offset_days: Type.Integer({
      description: 'Days the request now lives ahead of the service clock, in all',
    }),
    now: Type.String({ format: 'date-time', description: 'The request’s own now' }),
    today: Type.String({ format: 'date', description: 'The request’s own day (Madrid time)' }),
  }),
  invoices: Type.Array(InvoiceTime),
  happened: Type.Object({
    offers_expired: Type.Array(Type.Object({ offer_id: Uuid, expires_at: Timestamp })),
    claims_opened: Type.Array(
      Type.Object({
        claim_id: Uuid,
        kind: Type.Union([Type.Literal('recourse'), Type.Literal('debtor_default')]),
      }),
    ),
    announced: Type.Array(
      Type.Object({
        trigger: Type.Union([Type.Literal('overdue'), Type.Literal('dispute'), Type.Literal('kyc_lapse')]),
      }),
    ),
    digest: Type.Union(
      [
        Type.Object({
          digest_id: Uuid,
          date: Type.String({ format: 'date', description: 'The request’s own day' }),
          line_count: Type.Integer({ minimum: 0, description: 'Lines of the digest, in all' }),
          lines: Type.String({ description: 'The path that reads the digest and its lines' }),
        }),
        Type.Null(),
      ],
      {
        description:
          'The opportunities digest of the request’s own day as this key sees it: its own preview of that night, made by this call or an earlier one, or the shared digest once that night has been published. Null when the funder has no clients, so no night makes it a digest.',
      },
    ),
  }),
});
