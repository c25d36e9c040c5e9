import { Type } from 'typebox';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { ex, sandboxOnly } from '../../platform/http/openapi/examples.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import { InvoiceAmount } from '../parties/parties.module.ts';
import { TermsInput } from '../programme/programme.module.ts';
import { RequestListItem } from '../requests/requests.module.ts';
import { ConsentLevelSchema as Level } from '../settings/settings.module.ts';
import { AdvanceAnswer, AdvanceBody } from './sandbox.advance.schemas.ts';
import type { SandboxService } from './sandbox.service.ts';

const keyed = keyRoutes('Sandbox');

const RequestAnswer = Type.Object({ request: RequestListItem });

/** Programme terms the sandbox request's company gets with you before it is routed. */
const SandboxTerms = TermsInput(false);

/** The invoice the request examples start from. */
const spanishInvoice = {
  debtor_name: ex.debtorName,
  debtor_tax_id: ex.debtorTaxId,
  debtor_country: 'ES',
  amount: 7500,
  due_date: '2026-12-31',
};

/**
 * The sandbox area's own helpers for a funder's sandbox key: a new request, and the seller, the
 * debtors and the other parties of one of its requests. (Sandbox helpers play the other parties
 * and change shared demonstration state: they are opened like a decision.)
 */
export function sandboxRoutes({ sandbox }: { sandbox: SandboxService }): AreaRoutes {
  return (app) => {
    app.post(
      '/v1/sandbox/requests',
      // An empty POST (no body at all) makes the default request.
      keyed(
        OPENS.decide,
        {
          operationId: 'sandboxCreateRequest',
          summary: 'Sandbox: a new request routed to you',
          description: [
            'Creates a fictitious seller request and routes it to you, as a seller would through the service. `type` is `factoring` (default) or `confirming`; `invoices` (1 to 20) name each debtor, its tax id and country, the amount, due date and `source` (`erp` by default; `e_invoice`, `saft`, or `upload`, which is not the seller’s own books). With no body at all a default request is made.',
            '',
            '`terms` (any programme terms, for example `{"disclosure": "confidential", "announce_on_dispute": true}`) become the new company’s own terms with you before the request is routed, so the request takes them. Each debtor gets an address for its notices unless it has one already.',
            '',
            sandboxOnly,
          ].join('\n'),
          success: 'The new request, routed to you.',
          errors: ['sandbox_only', 'country_invalid', 'conflict', 'terms_invalid', 'terms_key_unknown'],
          requestExamples: {
            confidential: {
              summary: 'A confidential request, one invoice uploaded',
              value: {
                terms: { disclosure: 'confidential', recourse: 'without', announce_overdue_days: 10 },
                invoices: [{ ...spanishInvoice, source: 'upload' }],
              },
            },
            twoInvoices: {
              summary: 'A factoring request with two invoices',
              value: {
                type: 'factoring',
                invoices: [
                  spanishInvoice,
                  {
                    debtor_name: 'Ferragens do Porto, Lda.',
                    debtor_tax_id: 'PT509876543',
                    debtor_country: 'PT',
                    amount: 5000,
                    due_date: '2027-01-15',
                  },
                ],
              },
            },
          },
        },
        {
          body: Type.Object(
            {
              type: Type.Optional(Type.Union([Type.Literal('factoring'), Type.Literal('confirming')])),
              invoices: Type.Optional(
                Type.Array(
                  Type.Object(
                    {
                      debtor_name: Type.String({ minLength: 1, maxLength: 200 }),
                      debtor_tax_id: Type.String({ minLength: 2, maxLength: 32 }),
                      debtor_country: Type.String({ pattern: '^[A-Za-z]{2}$' }),
                      amount: InvoiceAmount,
                      due_date: Type.String({ format: 'date' }),
                      source: Type.Optional(
                        Type.Union(
                          [
                            Type.Literal('erp'),
                            Type.Literal('e_invoice'),
                            Type.Literal('saft'),
                            Type.Literal('upload'),
                          ],
                          {
                            description: 'Where the invoice came from; upload is not the seller’s own books',
                          },
                        ),
                      ),
                    },
                    { additionalProperties: false },
                  ),
                  { minItems: 1, maxItems: 20 },
                ),
              ),
              terms: Type.Optional(SandboxTerms),
            },
            { additionalProperties: false },
          ),
          response: { 201: RequestAnswer },
        },
        { optionalBody: true },
      ),
      async (request, reply) => {
        const answer = await sandbox.createRequest(request.caller!, request.body);
        reply.code(201);
        return answer;
      },
    );

    app.post(
      '/v1/sandbox/requests/:id/accept',
      keyed(
        OPENS.decide,
        {
          operationId: 'sandboxAcceptOffer',
          summary: 'Sandbox: the seller accepts your offer',
          description: [
            'Plays the seller accepting your open offer on a request in `terms_sent`; the request becomes `approved` and can be funded.',
            '',
            sandboxOnly,
          ].join('\n'),
          success: 'The request after the acceptance.',
          errors: ['sandbox_only', 'not_routed_to_you', 'invalid_state', 'conflict'],
        },
        {
          params: IdParams,
          response: { 200: RequestAnswer },
        },
      ),
      async (request) => sandbox.accept(request.caller!, request.params.id),
    );

    app.post(
      '/v1/sandbox/requests/:id/debtor-answer',
      keyed(
        OPENS.decide,
        {
          operationId: 'sandboxDebtorAnswer',
          summary: 'Sandbox: a debtor answers its notice',
          description: [
            'Plays one debtor (`debtor_tax_id`) or every debtor (left out or null) of a factoring request answering its notice: `answer` is `acknowledged` or `disputed`; `level` is the consent given (default: the level required).',
            '',
            sandboxOnly,
          ].join('\n'),
          success: 'The request after the answer.',
          errors: [
            'sandbox_only',
            'not_routed_to_you',
            'not_factoring',
            'notice_already_decided',
            'request_not_in_flight',
            'invalid_state',
            'level_invalid',
            'conflict',
          ],
          requestExamples: {
            everyone: { summary: 'Every debtor acknowledges', value: { answer: 'acknowledged' } },
            one: {
              summary: 'One debtor disputes',
              value: { debtor_tax_id: ex.debtorTaxId, answer: 'disputed' },
            },
          },
        },
        {
          params: IdParams,
          body: Type.Object(
            {
              debtor_tax_id: Type.Optional(
                Type.Union([Type.String({ minLength: 1, maxLength: 32 }), Type.Null()]),
              ),
              answer: Type.Union([Type.Literal('acknowledged'), Type.Literal('disputed')]),
              level: Type.Optional(Type.Union([Level, Type.Null()])),
            },
            { additionalProperties: false },
          ),
          response: { 200: RequestAnswer },
        },
      ),
      async (request) => sandbox.debtorAnswer(request.caller!, request.params.id, request.body),
    );

    app.post(
      '/v1/sandbox/requests/:id/parties',
      keyed(
        OPENS.decide,
        {
          operationId: 'sandboxRequestParties',
          summary: 'Sandbox: the seller, a debtor or an invoice of your request changes',
          description: [
            'Plays the other parties of a request routed to you, as the service’s operations team records them: `seller_verification` (the seller’s company verification status), `seller_verification_lapses_on` (the day it lapses; null: none), `notice_addresses` (per debtor tax id, where its notice is sent; null: none known) and `invoice_amounts` (per invoice number, its new amount). An amount change raises the hard signal `amount_changed_in_request` and makes the notice covering that invoice no longer current.',
            '',
            sandboxOnly,
          ].join('\n'),
          success: 'The request after the change.',
          errors: ['sandbox_only', 'not_routed_to_you', 'conflict'],
          requestExamples: {
            lapse: {
              summary: 'The seller’s verification lapses at the end of the year',
              value: { seller_verification_lapses_on: '2026-12-31' },
            },
            address: {
              summary: 'A debtor without an address for its notice',
              value: { notice_addresses: [{ debtor_tax_id: ex.debtorTaxId, address: null }] },
            },
            amount: {
              summary: 'An invoice’s amount changes',
              value: { invoice_amounts: [{ invoice_number: 'SBX-12345678-1', amount: 7000 }] },
            },
          },
        },
        {
          params: IdParams,
          body: Type.Object(
            {
              seller_verification: Type.Optional(
                Type.Union([
                  Type.Literal('pending'),
                  Type.Literal('approved'),
                  Type.Literal('rejected'),
                  Type.Literal('lapsed'),
                ]),
              ),
              seller_verification_lapses_on: Type.Optional(
                Type.Union([Type.String({ format: 'date' }), Type.Null()], {
                  description: 'The day the seller’s verification lapses; null: none planned',
                }),
              ),
              notice_addresses: Type.Optional(
                Type.Array(
                  Type.Object(
                    {
                      debtor_tax_id: Type.String({ minLength: 1, maxLength: 32 }),
                      address: Type.Union([Type.String({ minLength: 3, maxLength: 320 }), Type.Null()]),
                    },
                    { additionalProperties: false },
                  ),
                  { maxItems: 20 },
                ),
              ),
              invoice_amounts: Type.Optional(
                Type.Array(
                  Type.Object(
                    {
                      invoice_number: Type.String({ minLength: 1, maxLength: 64 }),
                      amount: InvoiceAmount,
                    },
                    { additionalProperties: false },
                  ),
                  { maxItems: 20 },
                ),
              ),
            },
            { additionalProperties: false, minProperties: 1 },
          ),
          response: { 200: RequestAnswer },
        },
      ),
      async (request) => sandbox.parties(request.caller!, request.params.id, request.body),
    );

    app.post(
      '/v1/sandbox/requests/:id/advance',
      keyed(
        OPENS.decide,
        {
          operationId: 'sandboxAdvanceRequest',
          summary: 'Sandbox: days pass for one of your requests',
          description: [
            'Moves one request this key made with `POST /v1/sandbox/requests` `days` (1 to 400) ahead in time, as if those days had passed for it alone: the service clock, your other requests and the demonstration’s shared requests do not move. Calls add up; `time.offset_days` says how far ahead the request lives in all.',
            '',
            'On the request’s new day its invoices are due or overdue (`invoices`), a pending offer past its validity expires, a recourse claim opens once an invoice is `recourse_days` past due on a funded request (event `claim.opened`), and a funded confidential request is announced when a trigger of its terms is met: an invoice `announce_overdue_days` past due, a dispute, the seller’s verification lapsed (event `request.announced`). `happened` lists what this call made happen; every event goes to your webhook endpoints as it would in time.',
            '',
            'The request’s new day also gets an opportunities digest, for this key alone: the night of that day as the nightly run would make it, from the demonstration clients’ invoices as they stand now, compared with the latest night this key sees before it (the shared nights, and the days this key moved requests to before). Invoices whose due date has come by then are listed as `no_longer_eligible` with reason `rules`. `GET /v1/opportunities` then answers it to this key (the latest by date; on a date that also has a shared digest, the shared one), the event `opportunities.daily` goes to your endpoints when it has lines, and `happened.digest` names it. Only the new day gets one, once per key and day: moving another request to the same day answers the same digest. Other keys, and the shared digest the service publishes each morning, do not change; when that day comes, its real digest replaces yours.',
            '',
            'A request another key made, or one of the demonstration’s own companies, answers 403 `not_your_request`; more than ten years ahead in all, 409 `invalid_state`. ' +
              sandboxOnly,
          ].join('\n'),
          success: 'The request after the move, its own day, its invoices on that day and what happened.',
          errors: ['sandbox_only', 'not_your_request', 'not_routed_to_you', 'invalid_state', 'body_invalid'],
          requestExamples: {
            month: { summary: 'A month passes', value: { days: 30 } },
            overdue: { summary: 'Past the due date and the recourse days', value: { days: 120 } },
          },
        },
        {
          params: IdParams,
          body: AdvanceBody,
          response: { 200: AdvanceAnswer },
        },
      ),
      async (request) => sandbox.advance(request.caller!, request.params.id, request.body.days),
    );
  };
}
