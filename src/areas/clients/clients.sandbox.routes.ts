import type { Static, TSchema } from 'typebox';
import { type FunderCaller, requireSandbox } from '../../platform/caller.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import * as s from './clients.schemas.ts';
import type { ClientsService } from './clients.service.ts';

const keyed = keyRoutes('Sandbox');

const sandboxOnly =
  'Sandbox keys only (403 `sandbox_only` otherwise); it plays the company on the demonstration plane, never on live data.';

/** A sandbox key's caller, on the demonstration plane only. */
const sandboxCaller = (caller: FunderCaller): { caller: FunderCaller } => {
  requireSandbox(caller);
  return { caller };
};

type Operation = Parameters<typeof keyed>[1];

/** A play's OpenAPI entry: its lead, then the sandbox rule; `sandbox_only` heads its errors. */
const playDoc = ({ lead, errors, ...doc }: Omit<Operation, 'description'> & { lead: string }): Operation => ({
  ...doc,
  description: [lead, '', sandboxOnly].join('\n'),
  errors: ['sandbox_only', ...errors],
});

/**
 * Sandbox helpers: they play the companies on the demonstration plane (/v1/sandbox/...). They
 * play the other parties and change shared demonstration state, hence their scopes.
 */
export function clientsSandboxRoutes({
  clients: { invitations, onboarding, leaving },
}: {
  clients: ClientsService;
}): AreaRoutes {
  return (app) => {
    /**
     * A play on the invitation or onboarding link named in the path, without a body: it answers
     * what the play did. The play's answer is checked against `response` here, where both are
     * known; the route itself takes the schema as any schema.
     */
    const idPlay = <R extends TSchema>(
      path: string,
      scopes: Parameters<typeof keyed>[0],
      doc: Parameters<typeof playDoc>[0],
      response: R,
      play: (acting: { caller: FunderCaller }, id: string) => Promise<Static<R>>,
    ) => {
      const answer: TSchema = response;
      app.post(
        path,
        keyed(scopes, playDoc(doc), { params: IdParams, response: { 200: answer } }),
        async (request) => play(sandboxCaller(request.caller!), request.params.id),
      );
    };

    app.post(
      '/v1/sandbox/client-links/:id/arrivals',
      keyed(
        OPENS.decide,
        playDoc({
          operationId: 'sandboxClientArrival',
          summary: 'Sandbox: a company opens a client link',
          lead: 'Plays a company opening the link and giving `company_name`, `tax_id`, `country` and `email`: it gets your invitation. Its first arrival keeps its origin. 409 `link_not_active` when the link stopped; 429 `signup_limit` past 20 sign-ups in any 60 minutes or 100 in any 24 hours through the link (rolling windows, the one `claims_last_day` counts; a sandbox key counts its own sign-ups).',
          success: 'The invitation the company received.',
          errors: ['link_not_active', 'signup_limit', 'tax_id_required', 'country_invalid', 'email_invalid'],
          requestExamples: {
            company: {
              summary: 'A company arriving',
              value: {
                company_name: 'Talleres Ruiz, S.L.',
                tax_id: 'B76543210',
                country: 'ES',
                email: 'info@talleres-ruiz.example',
              },
            },
          },
        }),
        {
          params: IdParams,
          body: s.ArrivalBody,
          response: { 201: s.InvitationAnswer },
        },
      ),
      async (request, reply) => {
        const answer = await invitations.arrive(
          sandboxCaller(request.caller!),
          request.params.id,
          request.body,
        );
        reply.code(201);
        return answer;
      },
    );
    idPlay(
      '/v1/sandbox/client-invitations/:id/accept',
      OPENS.decide,
      {
        operationId: 'sandboxAcceptInvitation',
        summary: 'Sandbox: a company accepts your invitation',
        lead: 'The company becomes your client, with its origin; its requests are routed to you only. 409 `invitation_not_pending` when already answered or expired.',
        success: 'The accepted invitation.',
        errors: ['invitation_not_pending', 'client_of_another_funder', 'conflict'],
      },
      s.InvitationAnswer,
      invitations.accept,
    );
    idPlay(
      '/v1/sandbox/onboarding-links/:id/account',
      OPENS.onboardingWrite,
      {
        operationId: 'sandboxOnboardingAccount',
        summary: 'Sandbox: a supplier opens its account through an onboarding link',
        lead: 'Plays the supplier opening its account through the link without yet submitting its company verification: the link reads `account_created` (with `account_created_at`) until it is completed, revoked or expires. Already `account_created`: `changed: false`. 409 `onboarding_not_open` when the link is completed, expired or revoked.',
        success: 'The link after the call, and whether it changed.',
        errors: ['onboarding_not_open'],
      },
      s.OnboardingChange,
      onboarding.accountCreated,
    );
    idPlay(
      '/v1/sandbox/onboarding-links/:id/complete',
      OPENS.onboardingWrite,
      {
        operationId: 'sandboxCompleteOnboarding',
        summary: 'Sandbox: a supplier completes an onboarding link',
        lead: 'Plays the supplier submitting its company verification: it is registered as a test company, becomes your client (origin `api`), `onboarding.completed` is queued with the link’s metadata, and the answer carries the signed return URL the supplier is sent to. A link reading `pending` or `account_created` can be completed; 409 `onboarding_not_open` when it is completed, expired or revoked.',
        success: 'The completed link and the signed return URL.',
        errors: ['onboarding_not_open', 'client_of_another_funder', 'conflict'],
      },
      s.OnboardingCompleted,
      onboarding.complete,
    );
    app.post(
      '/v1/sandbox/clients/:seller_id/leave',
      keyed(
        OPENS.decide,
        playDoc({
          operationId: 'sandboxClientLeave',
          summary: 'Sandbox: a client leaves your network',
          lead: 'Plays one of your demonstration clients leaving your network (only a company this key’s own helpers brought; 404 `not_found` for any other seller). Its origin stays: the prescriber report still counts who brought it. From then on its new requests are no longer sent to you alone, it gives no consent to share its invoices, and the next night’s digest shows the invoices you were shown as `no_longer_eligible` with reason `left_programme`. Leaving again changes nothing (`changed: false`); `reason` (8 characters or more) is kept on the evidence chain.',
          success: 'The client as it stands, with when and why it left.',
          errors: ['not_found', 'reason_required'],
          requestExamples: {
            leave: {
              summary: 'The client leaves',
              value: { reason: 'The company closed its account with us' },
            },
          },
        }),
        { params: s.SellerParams, body: s.LeaveBody, response: { 200: s.ClientLeft } },
      ),
      async (request) =>
        leaving.leave(sandboxCaller(request.caller!), request.params.seller_id, request.body.reason),
    );
  };
}
