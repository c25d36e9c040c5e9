import { type TSchema, Type } from 'typebox';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { DateText, Euros, Fields, OrNull, Text } from '../../platform/http/input.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import { amountCents } from '../../platform/money.ts';
import { opsRole } from '../../platform/operator-roles.ts';
import type { DisclosureService } from './disclosure.service.ts';

const Answer = Type.Object({}, { additionalProperties: true });

/**
 * The other parties, as the operations team records them: where a debtor's notices go, when a
 * seller's verification lapses, an invoice's amount changed, notices prepared again, and the
 * automatic announcements run now (the worker runs them on its own).
 */
export function disclosureOpsRoutes({ disclosure }: { disclosure: DisclosureService }): AreaRoutes {
  return (app) => {
    /** An operations write on the record named in the path, its body checked by `body`: support's. */
    const opsWrite = <B extends TSchema>(body: B) => ({
      config: opsRole('support'),
      schema: { params: IdParams, body, response: { 200: Answer } },
    });

    app.post(
      '/ops/v1/debtors/:id/notice-address',
      opsWrite(Fields({ address: OrNull(Text({ min: 3, max: 320 })) })),
      async (request) =>
        disclosure.setNoticeAddress(request.operator!, request.params.id, request.body.address),
    );

    app.post(
      '/ops/v1/sellers/:id/verification-lapse',
      opsWrite(Fields({ lapses_on: OrNull(DateText()) })),
      async (request) =>
        disclosure.setVerificationLapse(request.operator!, request.params.id, request.body.lapses_on),
    );

    app.post(
      '/ops/v1/invoices/:id/amount',
      opsWrite(Fields({ amount: Euros({ positive: true }) })),
      async (request) =>
        disclosure.changeInvoiceAmount(
          request.operator!,
          request.params.id,
          amountCents(request.body.amount, { positive: true })!,
        ),
    );

    app.post(
      '/ops/v1/requests/:id/notices/prepare',
      { config: opsRole('support'), schema: { params: IdParams, response: { 200: Answer } } },
      async (request) => disclosure.prepareAgain(request.operator!, request.params.id),
    );

    app.post(
      '/ops/v1/announcements/run',
      { config: opsRole('support'), schema: { response: { 200: Answer } } },
      async (request) => ({
        announced: await disclosure.announceDue(request.operator!),
      }),
    );
  };
}
