import { Type } from 'typebox';
import type { App } from '../../platform/http/app.ts';
import { IdParams, Uuid } from '../../platform/http/schemas.ts';
import { ConsentLevelSchema as Level } from '../settings/settings.schemas.ts';
import type { RequestPartiesService } from './requests.parties.service.ts';

const Done = Type.Object({ request_id: Uuid, status: Type.String() }, { additionalProperties: true });

/** The other parties' actions on a request, for the operations team: /ops/v1/requests/... */
export function requestsOpsRoutes(deps: {
  parties: RequestPartiesService;
  statusOf: (id: string) => Promise<string>;
}) {
  const { parties } = deps;
  const answer = async (id: string, extra: Record<string, unknown> = {}) => ({
    request_id: id,
    status: await deps.statusOf(id),
    ...extra,
  });

  return (app: App) => {
    const ops = { config: { auth: 'ops' as const } };

    app.post(
      '/ops/v1/requests',
      {
        ...ops,
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
        ...ops,
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
          ...ops,
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
        ...ops,
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
        ...ops,
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

    app.post(
      '/ops/v1/requests/:id/risk-signals',
      {
        ...ops,
        schema: {
          params: IdParams,
          body: Type.Object(
            {
              code: Type.String({ pattern: '^[a-z][a-z0-9_]{1,63}$' }),
              severity: Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')]),
              hard: Type.Boolean(),
              detail: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
            },
            { additionalProperties: false },
          ),
          response: { 201: Type.Object({ signal_id: Uuid, request_id: Uuid }) },
        },
      },
      async (request, reply) => {
        const signalId = await parties.raiseSignal(request.operator!, request.params.id, request.body);
        reply.code(201);
        return { signal_id: signalId, request_id: request.params.id };
      },
    );

    app.post(
      '/ops/v1/risk-signals/:id/review',
      {
        ...ops,
        schema: {
          params: IdParams,
          body: Type.Object(
            {
              outcome: Type.Union([Type.Literal('cleared'), Type.Literal('confirmed')]),
              note: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
            },
            { additionalProperties: false },
          ),
          response: { 200: Type.Object({ signal_id: Uuid, status: Type.String() }) },
        },
      },
      async (request) => {
        await parties.reviewSignal(
          request.operator!,
          request.params.id,
          request.body.outcome,
          request.body.note ?? null,
        );
        return { signal_id: request.params.id, status: request.body.outcome };
      },
    );

    app.post(
      '/ops/v1/requests/:id/disputes',
      {
        ...ops,
        schema: {
          params: IdParams,
          body: Type.Object(
            {
              debtor_tax_id: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
              invoice_number: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
              raised_by: Type.Union([
                Type.Literal('debtor'),
                Type.Literal('seller'),
                Type.Literal('operator'),
              ]),
              reason: Type.String({ minLength: 3, maxLength: 2000 }),
            },
            { additionalProperties: false },
          ),
          response: { 201: Type.Object({ dispute_id: Uuid, request_id: Uuid }) },
        },
      },
      async (request, reply) => {
        const disputeId = await parties.raiseDispute(request.operator!, request.params.id, request.body);
        reply.code(201);
        return { dispute_id: disputeId, request_id: request.params.id };
      },
    );

    app.post(
      '/ops/v1/disputes/:id/resolve',
      {
        ...ops,
        schema: {
          params: IdParams,
          body: Type.Object(
            { resolution: Type.String({ minLength: 3, maxLength: 2000 }) },
            { additionalProperties: false },
          ),
          response: { 200: Type.Object({ dispute_id: Uuid, status: Type.String() }) },
        },
      },
      async (request) => {
        await parties.resolveDispute(request.operator!, request.params.id, request.body.resolution);
        return { dispute_id: request.params.id, status: 'resolved' };
      },
    );
  };
}
