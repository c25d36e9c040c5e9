import type { AreaRoutes } from '../../platform/http/app.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import { opsRole } from '../../platform/operator-roles.ts';
import { AnswerBody, EarlyPayment, ReleaseBody } from './early-payments.schemas.ts';
import type { EarlyPaymentsService } from './early-payments.service.ts';

const ANSWERS = [
  ['accept', 'accepted'],
  ['decline', 'declined'],
  ['withdraw', 'withdrawn'],
] as const;

/**
 * The buyer and the supplier of an early payment, played by the operations API for live
 * companies (the sandbox helpers play them on the demonstration plane).
 */
export function earlyPaymentsOpsRoutes({
  earlyPayments,
}: {
  earlyPayments: EarlyPaymentsService;
}): AreaRoutes {
  return (app) => {
    // Bodies of defaults or an optional reason: they may be left out.

    app.post(
      '/ops/v1/early-payments',
      { config: opsRole('support'), schema: { body: ReleaseBody, response: { 201: EarlyPayment } } },
      async (request, reply) =>
        reply.code(201).send(await earlyPayments.releaseForOps(request.operator!, request.body)),
    );

    for (const [action, answer] of ANSWERS) {
      app.post(
        `/ops/v1/early-payments/:id/${action}`,
        {
          config: { ...opsRole('support'), optionalBody: true },
          schema: { params: IdParams, body: AnswerBody, response: { 200: EarlyPayment } },
        },
        async (request) =>
          earlyPayments.answerForOps(request.operator!, request.params.id, answer, request.body),
      );
    }
  };
}
