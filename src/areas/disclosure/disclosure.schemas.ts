import { Type } from 'typebox';
import { Fields, Reason } from '../../platform/http/input.ts';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';

const Trigger = Type.Union(
  [Type.Literal('manual'), Type.Literal('overdue'), Type.Literal('dispute'), Type.Literal('kyc_lapse')],
  { description: 'What announced it: you (manual), or an automatic trigger of its terms' },
);

export const AnnounceBody = Fields({ reason: Reason() }, { description: 'Why the request is announced' });

export const AnnounceResult = Type.Object({
  request_id: Uuid,
  request_ref: Type.String(),
  disclosure: Type.Literal('announced'),
  announced_at: Timestamp,
  announced_trigger: Trigger,
  reason: Type.String(),
  notices_queued: Type.Integer({
    minimum: 0,
    description: 'Prepared notices queued for sending to the debtors (sending_queued)',
  }),
});

const NoticeDocument = Type.Object({
  subject: Type.String({ description: 'Exactly the subject the debtor receives' }),
  html: Type.String({
    description: 'Exactly the HTML the debtor receives; {{ACK_LINK}} stands where its personal link goes',
  }),
  language: Type.String(),
  governing_law: Type.String({ description: 'Country code of the law governing the notice' }),
  sha256: Type.String({ description: 'SHA-256 (hex) of the subject, a line feed and the HTML' }),
  prepared_at: Timestamp,
});

export const RequestNotice = Type.Object({
  notice_id: Uuid,
  debtor_name: Type.String(),
  debtor_tax_id: Type.String(),
  status: Type.String({ description: 'pending, acknowledged, disputed or withdrawn' }),
  sending: Type.Union([Type.Literal('sending_queued'), Type.Null()], {
    description: 'sending_queued once the request is announced; null while not sent',
  }),
  sending_queued_at: Type.Union([Timestamp, Type.Null()]),
  invoices: Type.Array(Type.Object({ invoice_id: Uuid, number: Type.String(), amount: Type.Number() }), {
    description: 'The invoices of this debtor in the request, with their amounts today',
  }),
  document: Type.Union([NoticeDocument, Type.Null()], { description: 'null while no notice is prepared' }),
  names_this_funder: Type.Boolean({ description: 'The document names the funder the request is routed to' }),
  current: Type.Boolean({
    description: 'The document still matches the invoices and amounts it covers; false once one changed',
  }),
  has_notice_address: Type.Boolean({ description: 'The service has an address to send the notice to' }),
});

export const RequestNotices = Type.Object({
  request_id: Uuid,
  disclosure: Type.Union([Type.Literal('announced'), Type.Literal('confidential')]),
  announced_at: Type.Union([Timestamp, Type.Null()]),
  announced_trigger: Type.Union([Trigger, Type.Null()]),
  count: Type.Integer({ minimum: 0 }),
  notices: Type.Array(RequestNotice),
});
