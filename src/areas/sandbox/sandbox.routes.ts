import { Type } from 'typebox';
import type { App } from '../../platform/http/app.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import { InvoiceAmount } from '../parties/parties.schemas.ts';
import { TermsInput } from '../programme/programme.schemas.ts';
import { RequestListItem } from '../requests/requests.schemas.ts';
import { ConsentLevelSchema as Level } from '../settings/settings.schemas.ts';
import type { SandboxService } from './sandbox.service.ts';

const RequestAnswer = Type.Object({ request: RequestListItem });

/** Programme terms the sandbox request's company gets with you before it is routed. */
const SandboxTerms = TermsInput(false);

export function sandboxRoutes(deps: { sandbox: SandboxService }) {
  return (app: App) => {
    const tags = ['Sandbox'];

    app.post(
      '/v1/sandbox/requests',
      {
        // An empty POST (no body at all) makes the default request.
        config: { auth: 'key', optionalBody: true },
        schema: {
          tags,
          summary: 'Sandbox: a new fictitious request routed to you',
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
      },
      async (request, reply) => {
        const answer = await deps.sandbox.createRequest(request.caller!, request.body);
        reply.code(201);
        return answer;
      },
    );

    app.post(
      '/v1/sandbox/requests/:id/accept',
      {
        config: { auth: 'key' },
        schema: {
          tags,
          summary: 'Sandbox: the seller accepts your offer',
          params: IdParams,
          response: { 200: RequestAnswer },
        },
      },
      async (request) => deps.sandbox.accept(request.caller!, request.params.id),
    );

    app.post(
      '/v1/sandbox/requests/:id/debtor-answer',
      {
        config: { auth: 'key' },
        schema: {
          tags,
          summary: 'Sandbox: a debtor (or every debtor) answers its notice',
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
      },
      async (request) => deps.sandbox.debtorAnswer(request.caller!, request.params.id, request.body),
    );

    app.post(
      '/v1/sandbox/requests/:id/parties',
      {
        config: { auth: 'key' },
        schema: {
          tags,
          summary: 'Sandbox: the seller, a debtor or an invoice of your request changes',
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
      },
      async (request) => deps.sandbox.parties(request.caller!, request.params.id, request.body),
    );
  };
}
