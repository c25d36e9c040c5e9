import type { App } from '../../platform/http/app.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import { AnswerBody, EarlyPayment, ReleaseBody, SandboxEarlyPaymentBody } from './early-payments.schemas.ts';
import type { EarlyPaymentsService } from './early-payments.service.ts';

const ANSWERS = [
  ['accept', 'accepted'],
  ['decline', 'declined'],
  ['withdraw', 'withdrawn'],
] as const;

/**
 * The buyer and the supplier of an early payment: played by the operations API for live
 * companies, and by the sandbox helpers on the demonstration plane.
 */
export function earlyPaymentsPartiesRoutes(deps: { earlyPayments: EarlyPaymentsService }) {
  const { earlyPayments } = deps;
  return (app: App) => {
    const ops = { config: { auth: 'ops' as const } };
    // Bodies of defaults or an optional reason: they may be left out.
    const opsNoBody = { config: { auth: 'ops' as const, optionalBody: true } };
    const keyNoBody = { config: { auth: 'key' as const, optionalBody: true } };

    app.post(
      '/ops/v1/early-payments',
      { ...ops, schema: { body: ReleaseBody, response: { 201: EarlyPayment } } },
      async (request, reply) =>
        reply.code(201).send(await earlyPayments.releaseForOps(request.operator!, request.body)),
    );

    app.post(
      '/v1/sandbox/early-payments',
      {
        ...keyNoBody,
        schema: { tags: ['Sandbox'], body: SandboxEarlyPaymentBody, response: { 201: EarlyPayment } },
      },
      async (request, reply) =>
        reply.code(201).send(await earlyPayments.sandboxCreate(request.caller!, request.body)),
    );

    for (const [action, answer] of ANSWERS) {
      app.post(
        `/ops/v1/early-payments/:id/${action}`,
        { ...opsNoBody, schema: { params: IdParams, body: AnswerBody, response: { 200: EarlyPayment } } },
        async (request) =>
          earlyPayments.answerForOps(request.operator!, request.params.id, answer, request.body),
      );
      app.post(
        `/v1/sandbox/early-payments/:id/${action}`,
        {
          ...keyNoBody,
          schema: { tags: ['Sandbox'], params: IdParams, body: AnswerBody, response: { 200: EarlyPayment } },
        },
        async (request) =>
          earlyPayments.sandboxAnswer(request.caller!, request.params.id, answer, request.body),
      );
    }
  };
}
