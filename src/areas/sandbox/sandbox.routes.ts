import { Type } from 'typebox';
import type { App } from '../../platform/http/app.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import { RequestListItem } from '../requests/requests.schemas.ts';
import { ConsentLevelSchema as Level } from '../settings/settings.schemas.ts';
import type { SandboxService } from './sandbox.service.ts';

const RequestAnswer = Type.Object({ request: RequestListItem });

export function sandboxRoutes(deps: { sandbox: SandboxService }) {
  return (app: App) => {
    const tags = ['Sandbox'];

    app.post(
      '/v1/sandbox/requests',
      {
        config: { auth: 'key' },
        // An empty POST (no body at all) makes the default request.
        preValidation: async (request) => {
          // Only a missing body: a JSON null is a body, and not an object.
          if (request.body === undefined) (request as { body: unknown }).body = {};
        },
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
                      amount: Type.Number({ exclusiveMinimum: 0, maximum: 100_000_000 }),
                      due_date: Type.String({ format: 'date' }),
                    },
                    { additionalProperties: false },
                  ),
                  { minItems: 1, maxItems: 20 },
                ),
              ),
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
  };
}
