import { type TSchema, Type } from 'typebox';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { IdParams, Uuid } from '../../platform/http/schemas.ts';
import { type OperatorRole, opsRole } from '../../platform/operator-roles.ts';
import type { RequestPartiesService } from './requests.service.ts';

/** Risk signals and disputes on a request, for the operations team: raise, review, resolve. */
export function requestsRisksOpsRoutes({ parties }: { parties: RequestPartiesService }): AreaRoutes {
  return (app) => {
    /**
     * An operations write on the record named in the path: the role that opens it, its body and
     * its answer's schema. Raising a signal or a debtor's dispute is support's; reviewing a
     * signal and resolving a dispute lift a hold on funding, and are an admin's.
     */
    const opsWrite = <B extends TSchema, R extends Record<number, TSchema>>(
      role: OperatorRole,
      body: B,
      response: R,
    ) => ({
      config: opsRole(role),
      schema: { params: IdParams, body, response },
    });

    app.post(
      '/ops/v1/requests/:id/risk-signals',
      opsWrite(
        'support',
        Type.Object(
          {
            code: Type.String({ pattern: '^[a-z][a-z0-9_]{1,63}$' }),
            severity: Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')]),
            hard: Type.Boolean(),
            detail: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
          },
          { additionalProperties: false },
        ),
        { 201: Type.Object({ signal_id: Uuid, request_id: Uuid }) },
      ),
      async (request, reply) => {
        const signalId = await parties.raiseSignal(request.operator!, request.params.id, request.body);
        reply.code(201);
        return { signal_id: signalId, request_id: request.params.id };
      },
    );

    app.post(
      '/ops/v1/risk-signals/:id/review',
      opsWrite(
        'admin',
        Type.Object(
          {
            outcome: Type.Union([Type.Literal('cleared'), Type.Literal('confirmed')]),
            note: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
          },
          { additionalProperties: false },
        ),
        { 200: Type.Object({ signal_id: Uuid, status: Type.String() }) },
      ),
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
      opsWrite(
        'support',
        Type.Object(
          {
            debtor_tax_id: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
            invoice_number: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
            raised_by: Type.Union([Type.Literal('debtor'), Type.Literal('seller'), Type.Literal('operator')]),
            reason: Type.String({ minLength: 3, maxLength: 2000 }),
          },
          { additionalProperties: false },
        ),
        { 201: Type.Object({ dispute_id: Uuid, request_id: Uuid }) },
      ),
      async (request, reply) => {
        const disputeId = await parties.raiseDispute(request.operator!, request.params.id, request.body);
        reply.code(201);
        return { dispute_id: disputeId, request_id: request.params.id };
      },
    );

    app.post(
      '/ops/v1/disputes/:id/resolve',
      opsWrite(
        'admin',
        Type.Object(
          { resolution: Type.String({ minLength: 3, maxLength: 2000 }) },
          { additionalProperties: false },
        ),
        { 200: Type.Object({ dispute_id: Uuid, status: Type.String() }) },
      ),
      async (request) => {
        await parties.resolveDispute(request.operator!, request.params.id, request.body.resolution);
        return { dispute_id: request.params.id, status: 'resolved' };
      },
    );
  };
}
