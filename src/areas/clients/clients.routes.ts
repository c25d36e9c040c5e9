import { Type } from 'typebox';
import type { FunderCaller } from '../../platform/caller.ts';
import { ApiError } from '../../platform/errors.ts';
import type { App } from '../../platform/http/app.ts';
import { IdParams, Uuid } from '../../platform/http/schemas.ts';
import * as s from './clients.schemas.ts';
import type { ClientsService } from './clients.service.ts';

/** The funder's client network and onboarding links: /v1/... */
export function clientsRoutes(deps: { clients: ClientsService }) {
  const { links, prescribers, invitations, report, onboarding, leaving } = deps.clients;
  return (app: App) => {
    const key = { config: { auth: 'key' as const } };
    const clients = ['Clients'];
    const onboardingTags = ['Onboarding links'];

    app.get(
      '/v1/client-links',
      { ...key, schema: { tags: clients, querystring: s.LangQuery, response: { 200: s.ClientLinkList } } },
      async (request) => links.list(request.caller!, request.query.lang),
    );
    app.post(
      '/v1/client-links',
      { ...key, schema: { tags: clients, body: s.CreateLinkBody, response: { 201: s.ClientLinkAnswer } } },
      async (request, reply) => {
        const answer = await links.create(request.caller!, request.body);
        reply.code(201);
        return answer;
      },
    );
    app.post(
      '/v1/client-links/:id/disable',
      {
        // The body may be left out: no body is no reason.
        config: { auth: 'key' as const, optionalBody: true },
        schema: {
          tags: clients,
          params: IdParams,
          body: s.DisableBody,
          response: { 200: s.ClientLinkChange },
        },
      },
      async (request) => links.disable(request.caller!, request.params.id, request.body.reason ?? null),
    );

    app.get(
      '/v1/prescribers',
      { ...key, schema: { tags: clients, querystring: s.LangQuery, response: { 200: s.PrescriberList } } },
      async (request) => prescribers.list(request.caller!, request.query.lang),
    );
    app.post(
      '/v1/prescribers',
      {
        ...key,
        schema: { tags: clients, body: s.CreatePrescriberBody, response: { 201: s.PrescriberAnswer } },
      },
      async (request, reply) => {
        const answer = await prescribers.create(request.caller!, request.body);
        reply.code(201);
        return answer;
      },
    );
    app.post(
      '/v1/prescribers/:id/disable',
      {
        // The body may be left out: no body is no reason.
        config: { auth: 'key' as const, optionalBody: true },
        schema: {
          tags: clients,
          params: IdParams,
          body: s.DisableBody,
          response: { 200: s.PrescriberChange },
        },
      },
      async (request) => prescribers.disable(request.caller!, request.params.id, request.body.reason ?? null),
    );
    app.get(
      '/v1/prescribers/report',
      { ...key, schema: { tags: clients, response: { 200: s.PrescriberReport } } },
      async (request) => report.report(request.caller!),
    );
    app.get(
      '/v1/client-invitations',
      {
        ...key,
        schema: { tags: clients, querystring: s.InvitationsQuery, response: { 200: s.InvitationList } },
      },
      async (request) => invitations.list(request.caller!, request.query.limit ?? 200),
    );
    app.post(
      '/v1/client-invitations/:id/revoke',
      {
        // The body may be left out: no body is no reason.
        config: { auth: 'key' as const, optionalBody: true },
        schema: {
          tags: clients,
          params: IdParams,
          body: s.DisableBody,
          response: { 200: s.InvitationChange },
        },
      },
      async (request) => invitations.revoke(request.caller!, request.params.id, request.body.reason ?? null),
    );

    app.post(
      '/v1/onboarding-links',
      {
        // The answer shows the return secret once: a replay's kept copy is sealed.
        config: { auth: 'key' as const, sealReplay: true },
        schema: {
          tags: onboardingTags,
          body: s.CreateOnboardingBody,
          response: { 201: s.OnboardingCreated },
        },
      },
      async (request, reply) => {
        const answer = await onboarding.create(request.caller!, request.body);
        reply.code(201);
        return answer;
      },
    );
    app.get(
      '/v1/onboarding-links',
      {
        ...key,
        schema: {
          tags: onboardingTags,
          querystring: s.OnboardingListQuery,
          response: { 200: s.OnboardingList },
        },
      },
      async (request) => onboarding.list(request.caller!, request.query.limit ?? 50),
    );
    app.get(
      '/v1/onboarding-links/:id',
      { ...key, schema: { tags: onboardingTags, params: IdParams, response: { 200: s.OnboardingAnswer } } },
      async (request) => onboarding.get(request.caller!, request.params.id),
    );
    app.post(
      '/v1/onboarding-links/:id/revoke',
      {
        // The body may be left out: no body is no reason.
        config: { auth: 'key' as const, optionalBody: true },
        schema: {
          tags: onboardingTags,
          params: IdParams,
          body: s.DisableBody,
          response: { 200: s.OnboardingChange },
        },
      },
      async (request) => onboarding.revoke(request.caller!, request.params.id, request.body.reason ?? null),
    );

    // Sandbox helpers: they play the companies on the demonstration plane.
    const sandbox = ['Sandbox'];
    const sandboxOnly = (caller: FunderCaller): { caller: FunderCaller } => {
      if (caller.environment !== 'sandbox' || caller.plane !== 'demo') {
        throw new ApiError(
          'sandbox_only',
          'Test helpers work with sandbox keys only, on the demonstration plane.',
        );
      }
      return { caller };
    };
    app.post(
      '/v1/sandbox/client-links/:id/arrivals',
      {
        ...key,
        schema: {
          tags: sandbox,
          params: IdParams,
          body: s.ArrivalBody,
          response: { 201: s.InvitationAnswer },
        },
      },
      async (request, reply) => {
        const answer = await invitations.arrive(
          sandboxOnly(request.caller!),
          request.params.id,
          request.body,
        );
        reply.code(201);
        return answer;
      },
    );
    app.post(
      '/v1/sandbox/client-invitations/:id/accept',
      { ...key, schema: { tags: sandbox, params: IdParams, response: { 200: s.InvitationAnswer } } },
      async (request) => invitations.accept(sandboxOnly(request.caller!), request.params.id),
    );
    app.post(
      '/v1/sandbox/onboarding-links/:id/account',
      { ...key, schema: { tags: sandbox, params: IdParams, response: { 200: s.OnboardingChange } } },
      async (request) => onboarding.accountCreated(sandboxOnly(request.caller!), request.params.id),
    );
    app.post(
      '/v1/sandbox/onboarding-links/:id/complete',
      { ...key, schema: { tags: sandbox, params: IdParams, response: { 200: s.OnboardingCompleted } } },
      async (request) => onboarding.complete(sandboxOnly(request.caller!), request.params.id),
    );
    app.post(
      '/v1/sandbox/clients/:seller_id/leave',
      {
        ...key,
        schema: { tags: sandbox, params: s.SellerParams, body: s.LeaveBody, response: { 200: s.ClientLeft } },
      },
      async (request) =>
        leaving.leave(sandboxOnly(request.caller!), request.params.seller_id, request.body.reason),
    );
  };
}

/** The operations team: return origins, and playing live companies. /ops/v1/... */
export function clientsOpsRoutes(deps: { clients: ClientsService }) {
  const { invitations, onboarding, leaving } = deps.clients;
  return (app: App) => {
    const ops = { config: { auth: 'ops' as const } };
    const FunderParams = Type.Object({ bank_id: Uuid });

    app.put(
      '/ops/v1/funders/:bank_id/return-origins',
      {
        ...ops,
        schema: { params: FunderParams, body: s.ReturnOriginsBody, response: { 200: s.ReturnOrigins } },
      },
      async (request) =>
        onboarding.setReturnOrigins(request.operator!, request.params.bank_id, request.body.origins),
    );
    app.get(
      '/ops/v1/funders/:bank_id/return-origins',
      { ...ops, schema: { params: FunderParams, response: { 200: s.ReturnOrigins } } },
      async (request) => ({
        bank_id: request.params.bank_id,
        origins: await onboarding.returnOrigins(request.params.bank_id),
      }),
    );
    app.post(
      '/ops/v1/funders/:bank_id/client-invitations',
      {
        ...ops,
        schema: { params: FunderParams, body: s.ArrivalBody, response: { 201: s.InvitationAnswer } },
      },
      async (request, reply) => {
        const answer = await invitations.inviteNamed(request.operator!, request.params.bank_id, request.body);
        reply.code(201);
        return answer;
      },
    );
    app.post(
      '/ops/v1/client-links/:id/arrivals',
      { ...ops, schema: { params: IdParams, body: s.ArrivalBody, response: { 201: s.InvitationAnswer } } },
      async (request, reply) => {
        const answer = await invitations.arrive(
          { caller: request.operator! },
          request.params.id,
          request.body,
        );
        reply.code(201);
        return answer;
      },
    );
    app.post(
      '/ops/v1/client-invitations/:id/accept',
      { ...ops, schema: { params: IdParams, response: { 200: s.InvitationAnswer } } },
      async (request) => invitations.accept({ caller: request.operator! }, request.params.id),
    );
    app.post(
      '/ops/v1/onboarding-links/:id/account',
      { ...ops, schema: { params: IdParams, response: { 200: s.OnboardingChange } } },
      async (request) => onboarding.accountCreated({ caller: request.operator! }, request.params.id),
    );
    app.post(
      '/ops/v1/onboarding-links/:id/complete',
      { ...ops, schema: { params: IdParams, response: { 200: s.OnboardingCompleted } } },
      async (request) => onboarding.complete({ caller: request.operator! }, request.params.id),
    );
    app.post(
      '/ops/v1/clients/:seller_id/leave',
      { ...ops, schema: { params: s.SellerParams, body: s.LeaveBody, response: { 200: s.ClientLeft } } },
      async (request) =>
        leaving.leave({ caller: request.operator! }, request.params.seller_id, request.body.reason),
    );
  };
}
