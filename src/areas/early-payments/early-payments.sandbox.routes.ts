import type { AreaRoutes } from '../../platform/http/app.ts';
import { sandboxOnly } from '../../platform/http/openapi/examples.ts';
import type { OperationDoc } from '../../platform/http/openapi/types.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import { AnswerBody, EarlyPayment, SandboxEarlyPaymentBody } from './early-payments.schemas.ts';
import type { EarlyPaymentsService } from './early-payments.service.ts';

type Answered = 'accepted' | 'declined' | 'withdrawn';

/** A sandbox helper's OpenAPI entry; its tag is the file's (`keyed`). */
type SandboxDoc = Omit<OperationDoc, 'tag'>;

/** A sandbox answer's OpenAPI entry: the answer, who gives it and how, the example reason. */
const answerDoc = (
  answer: Answered,
  operationId: string,
  summary: string,
  text: string,
  reason: string,
): SandboxDoc => ({
  operationId,
  summary,
  description: [text, '', sandboxOnly].join('\n'),
  success: `The ${answer} early payment.`,
  errors: ['sandbox_only', 'early_payment_state', 'reason_required'],
  requestExamples: { reason: { summary: 'With a reason', value: { reason } } },
});

/** The supplier's and the buyer's answers, each with its sandbox helper's OpenAPI entry. */
const ANSWERS: readonly (readonly ['accept' | 'decline' | 'withdraw', Answered, SandboxDoc])[] = [
  [
    'accept',
    'accepted',
    answerDoc(
      'accepted',
      'sandboxAcceptEarlyPayment',
      'Sandbox: the supplier accepts an early payment',
      'The supplier takes a released early payment of yours: it becomes `accepted`, yours to pay.',
      'The supplier wants the cash now',
    ),
  ],
  [
    'decline',
    'declined',
    answerDoc(
      'declined',
      'sandboxDeclineEarlyPayment',
      'Sandbox: the supplier declines an early payment',
      'The supplier turns down a released early payment of yours (optional `reason`).',
      'The supplier prefers to wait',
    ),
  ],
  [
    'withdraw',
    'withdrawn',
    answerDoc(
      'withdrawn',
      'sandboxWithdrawEarlyPayment',
      'Sandbox: the buyer withdraws an early payment',
      'The buyer withdraws a released or accepted early payment of yours before you pay it (optional `reason`).',
      'The buyer disputes the invoice',
    ),
  ],
];

const keyed = keyRoutes('Sandbox');

/**
 * The sandbox helpers of early payments: they play the buyer and the supplier on the
 * demonstration plane. Sandbox helpers play the other parties and change shared demonstration
 * state: they take a key that may decide.
 */
export function earlyPaymentsSandboxRoutes({
  earlyPayments,
}: {
  earlyPayments: EarlyPaymentsService;
}): AreaRoutes {
  return (app) => {
    // Bodies of defaults or an optional reason: they may be left out.
    app.post(
      '/v1/sandbox/early-payments',
      keyed(
        OPENS.decide,
        {
          operationId: 'sandboxCreateEarlyPayment',
          summary: 'Sandbox: a buyer-approved invoice offered early with you as funder',
          description: [
            'Makes a fictitious supplier and invoice of a fictitious buyer on the demonstration plane and releases an early payment of it to the supplier with you as funder. `amount` (face value, default 12,000), `offered_amount` (default 98% of it) and `due_in_days` (maturity, 1 to 365, default 60) are optional.',
            '',
            sandboxOnly,
          ].join('\n'),
          success: 'The released early payment.',
          errors: ['sandbox_only', 'invalid_amount'],
          requestExamples: {
            custom: {
              summary: 'A 5,000 euro invoice maturing in 30 days',
              value: { amount: 5000, offered_amount: 4925.5, due_in_days: 30 },
            },
          },
        },
        { body: SandboxEarlyPaymentBody, response: { 201: EarlyPayment } },
        { optionalBody: true },
      ),
      async (request, reply) =>
        reply.code(201).send(await earlyPayments.sandboxCreate(request.caller!, request.body)),
    );

    for (const [action, answer, operation] of ANSWERS) {
      app.post(
        `/v1/sandbox/early-payments/:id/${action}`,
        keyed(
          OPENS.decide,
          operation,
          { params: IdParams, body: AnswerBody, response: { 200: EarlyPayment } },
          { optionalBody: true },
        ),
        async (request) =>
          earlyPayments.sandboxAnswer(request.caller!, request.params.id, answer, request.body),
      );
    }
  };
}
