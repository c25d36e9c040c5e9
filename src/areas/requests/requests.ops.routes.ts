import { Type } from 'typebox';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { IdParams, Uuid } from '../../platform/http/schemas.ts';
import { opsRole } from '../../platform/operator-roles.ts';
import { ConsentLevelSchema as Level } from '../settings/settings.module.ts';
import type { RequestPartiesService, RequestsService } from './requests.service.ts';

const Done = Type.Object({ request_id: Uuid, status: Type.String() }, { additionalProperties: true });

/** The other parties' actions on a request, for the operations team: create, route, move, the seller's and debtors' answers. */
export function requestsOpsRoutes({
  parties,
}: {
  parties: RequestPartiesService & Pick<RequestsService, 'statusForOps'>;
}): AreaRoutes {
  const answer = async (id: string, extra: Record<string, unknown> = {}) => ({
    request_id: id,
    status: (await parties.statusForOps(id)) ?? 'unknown',
    ...extra,
  });

  return (app) => {
    app.post(
      '/ops/v1/requests',
      {
        config: opsRole('support'),
        schema: {
          body: Type.Object(
            {
              seller_id: Uuid,
              type: Type.Union([Type.Literal('factoring'), Type.Literal('confirming')]),
              invoice_ids: Type.Array(Uuid, { minItems: 1, maxItems: 500 }),
              advance_amount: Type.Optional(Type.Union([Type.Number({ exclusiveMinimum: 0 }), Type.Null()])),
              status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('submitted')])),
            },
            { additionalProperties: false },
          ),
          response: { 201: Done },
        },
      },
      async (request, reply) => {
        const id = await parties.createRequest(request.operator!, request.body);
        reply.code(201);
        return answer(id);
      },
    );

    app.post(
      '/ops/v1/requests/:id/route',
      {
        config: opsRole('support'),
        schema: {
          params: IdParams,
          body: Type.Object({ bank_id: Uuid }, { additionalProperties: false }),
          response: { 200: Done },
        },
      },
      async (request) => {
        await parties.route(request.operator!, request.params.id, request.body.bank_id);
        return answer(request.params.id, { assigned_bank_id: request.body.bank_id });
      },
    );

    for (const move of ['submit', 'review', 'cancel'] as const) {
      app.post(
        `/ops/v1/requests/:id/${move}`,
        {
          config: opsRole('support'),
          schema: {
            params: IdParams,
            body: Type.Optional(
              Type.Object(
                { note: Type.Optional(Type.String({ maxLength: 1000 })) },
                { additionalProperties: false },
              ),
            ),
            response: { 200: Done },
          },
        },
        async (request) => {
          await parties.move(request.operator!, request.params.id, move, request.body?.note ?? null);
          return answer(request.params.id);
        },
      );
    }

    app.post(
      '/ops/v1/requests/:id/seller-answer',
      {
        config: opsRole('support'),
        schema: {
          params: IdParams,
          body: Type.Object(
            {
              answer: Type.Union([Type.Literal('accept'), Type.Literal('reject')]),
              offer_id: Type.Optional(Type.Union([Uuid, Type.Null()])),
            },
            { additionalProperties: false },
          ),
          response: { 200: Done },
        },
      },
      async (request) => {
        await parties.sellerAnswer(
          request.operator!,
          request.params.id,
          request.body.answer,
          request.body.offer_id,
        );
        return answer(request.params.id);
      },
    );

    app.post(
      '/ops/v1/requests/:id/debtor-answer',
      {
        config: opsRole('support'),
        schema: {
          params: IdParams,
          body: Type.Object(
            {
              debtor_tax_id: Type.Optional(
                Type.Union([Type.String({ minLength: 1, maxLength: 40 }), Type.Null()]),
              ),
              answer: Type.Union([Type.Literal('acknowledged'), Type.Literal('disputed')]),
              level: Type.Optional(Type.Union([Level, Type.Null()])),
              channel: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 40 }), Type.Null()])),
              language: Type.Optional(
                Type.Union([
                  Type.Union(['pt', 'es', 'en', 'fr', 'de', 'it', 'nl'].map((l) => Type.Literal(l))),
                  Type.Null(),
                ]),
              ),
              signer: Type.Optional(
                Type.Union([
                  Type.Object(
                    {
                      name: Type.String({ minLength: 1, maxLength: 200 }),
                      role: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
                    },
                    { additionalProperties: false },
                  ),
                  Type.Null(),
                ]),
              ),
              reason: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
            },
            { additionalProperties: false },
          ),
          response: { 200: Done },
        },
      },
      async (request) => {
        const answered = await parties.debtorAnswer(
          request.operator!,
          request.params.id,
          request.body as never,
        );
        return answer(request.params.id, { notices_answered: answered });
      },
    );
  };
}
