import type { TSchema } from 'typebox';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { ex, sandboxOnly } from '../../platform/http/openapi/examples.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import type { BankDataPartiesService } from './bank-data.parties.ts';
import {
  SandboxConnectAnswer,
  SandboxConnectBody,
  SandboxPaymentAnswer,
  SandboxPaymentBody,
} from './bank-data.schemas.ts';

// Sandbox helpers play the other parties and change shared demonstration state: they take a
// key that may decide.
const keyed = keyRoutes('Sandbox');

/** A sandbox helper on one request, answering 201 with what it made. */
const sandboxSchema = <B extends TSchema, A extends TSchema>(body: B, answer: A) => ({
  params: IdParams,
  body,
  response: { 201: answer },
});

/** The sandbox helpers playing the seller: it connects its account, a debtor pays it. */
export function bankDataSandboxRoutes({ parties }: { parties: BankDataPartiesService }): AreaRoutes {
  return (app) => {
    app.post(
      '/v1/sandbox/requests/:id/bank-connection',
      {
        ...keyed(
          OPENS.decide,
          {
            operationId: 'sandboxBankConnection',
            summary: 'Sandbox: the seller connects its bank account for you',
            description: [
              'Plays the request’s seller consenting to share its business account with you (read-only): two made-up accounts in the company’s name, their balances and twelve months of generated movements. A consent of the seller already in force with you is replaced. `payout_account_own` (default true) says whether the account you pay into is the seller’s own: true names the first account returned; false names an account its bank does not return, so a `bank_data: required` request stays held. An empty body is allowed. The answer lists the accounts by their last four characters.',
              '',
              sandboxOnly,
            ].join('\n'),
            success: 'The new consent.',
            errors: ['sandbox_only'],
            requestExamples: {
              own: { summary: 'Paid into its own account', value: { payout_account_own: true } },
              other: {
                summary: 'Paid into an account its bank does not return',
                value: { payout_account_own: false },
              },
            },
          },
          sandboxSchema(SandboxConnectBody, SandboxConnectAnswer),
        ),
        // An empty POST (no body at all) connects with the payout account the seller's own.
        preValidation: async (request) => {
          if (request.body === undefined) (request as { body: unknown }).body = {};
        },
      },
      async (request, reply) =>
        reply.code(201).send(await parties.sandboxConnect(request.caller!, request.params.id, request.body)),
    );

    app.post(
      '/v1/sandbox/requests/:id/seller-payment',
      keyed(
        OPENS.decide,
        {
          operationId: 'sandboxSellerPayment',
          summary: 'Sandbox: a debtor pays the seller directly',
          description: [
            'Plays a debtor paying `amount` euros into the seller’s connected account, now: `debtor_tax_id` names the debtor (default: the request’s first debtor). The seller must have connected its account for you first (409 `invalid_state` otherwise). When the payment comes from a debtor of a request you funded under confidential terms, an alert is raised on that request (see `payment_alerts`) and the event `payment.reached_seller` is sent, once.',
            '',
            sandboxOnly,
          ].join('\n'),
          success: 'The payment and the alerts it raised.',
          errors: ['sandbox_only', 'invalid_state', 'invalid_amount'],
          requestExamples: {
            paid: { summary: 'The first debtor pays the seller', value: { amount: 12400 } },
            named: {
              summary: 'A named debtor pays',
              value: { debtor_tax_id: ex.debtorTaxId, amount: 5000 },
            },
          },
        },
        sandboxSchema(SandboxPaymentBody, SandboxPaymentAnswer),
      ),
      async (request, reply) =>
        reply.code(201).send(await parties.sandboxPayment(request.caller!, request.params.id, request.body)),
    );
  };
}
