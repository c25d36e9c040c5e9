import { Type } from 'typebox';
import type { App } from '../../platform/http/app.ts';
import { DateText, Euros, Fields, OrNull, Text } from '../../platform/http/input.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import { amountCents } from '../../platform/money.ts';
import type { DisclosureService } from './disclosure.service.ts';

const Answer = Type.Object({}, { additionalProperties: true });

/**
 * The other parties, as the operations team records them: where a debtor's notices go, when a
 * seller's verification lapses, an invoice's amount changed, notices prepared again, and the
 * automatic announcements run now (the worker runs them on its own).
 */
export function disclosureOpsRoutes(deps: { disclosure: DisclosureService }) {
  const { disclosure } = deps;
  return (app: App) => {
    const ops = { config: { auth: 'ops' as const } };

    app.post(
      '/ops/v1/debtors/:id/notice-address',
      {
        ...ops,
        schema: {
          params: IdParams,
          body: Fields({ address: OrNull(Text({ min: 3, max: 320 })) }),
          response: { 200: Answer },
        },
      },
      async (request) =>
        disclosure.setNoticeAddress(request.operator!, request.params.id, request.body.address),
    );

    app.post(
      '/ops/v1/sellers/:id/verification-lapse',
      {
        ...ops,
        schema: {
          params: IdParams,
          body: Fields({ lapses_on: OrNull(DateText()) }),
          response: { 200: Answer },
        },
      },
      async (request) =>
        disclosure.setVerificationLapse(request.operator!, request.params.id, request.body.lapses_on),
    );

    app.post(
      '/ops/v1/invoices/:id/amount',
      {
        ...ops,
        schema: {
          params: IdParams,
          body: Fields({ amount: Euros({ positive: true }) }),
          response: { 200: Answer },
        },
      },
      async (request) =>
        disclosure.changeInvoiceAmount(
          request.operator!,
          request.params.id,
          amountCents(request.body.amount, { positive: true })!,
        ),
    );

    app.post(
      '/ops/v1/requests/:id/notices/prepare',
      { ...ops, schema: { params: IdParams, response: { 200: Answer } } },
      async (request) => disclosure.prepareAgain(request.operator!, request.params.id),
    );

    app.post(
      '/ops/v1/announcements/run',
      { ...ops, schema: { response: { 200: Answer } } },
      async (request) => ({ announced: await disclosure.announceDue(request.operator!) }),
    );
  };
}
