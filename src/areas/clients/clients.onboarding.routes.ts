import type { AreaRoutes } from '../../platform/http/app.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { IdParams, PAGING_DOC } from '../../platform/http/schemas.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import { stopRoute } from './clients.links.routes.ts';
import * as s from './clients.schemas.ts';
import type { ClientsService } from './clients.service.ts';

const keyed = keyRoutes('Onboarding links');

/** Single-use onboarding links for the funder's own suppliers: /v1/onboarding-links. */
export function clientsOnboardingRoutes({
  clients: { onboarding },
}: {
  clients: ClientsService;
}): AreaRoutes {
  return (app) => {
    app.post(
      '/v1/onboarding-links',
      // The answer shows the return secret once: a replay's kept copy is sealed.
      keyed(
        OPENS.onboardingWrite,
        {
          operationId: 'createOnboardingLink',
          summary: 'A single-use onboarding link for one of your suppliers',
          description: [
            'The service sends no e-mail: give `url` to your supplier. `company_vat` may carry its country prefix or not; `return_url` is https on one of your return origins (kept by the service, never through this API). `company_name` may be left out when the EU VAT service (or, without it, our own records) names the number; `company_name_source` says which. `metadata` (at most 20 keys, 2 KB of JSON) comes back on the link and in `onboarding.completed`. `valid_days` 1 to 30, default 14.',
            '',
            '`return_secret` (`ors_` and 64 hex characters) is shown once only. When the supplier has submitted its company verification it is sent back to `return_url` with `svc_onboarding`, `svc_status`, `svc_ts` (Unix seconds) and `svc_sig`, the hex HMAC-SHA256 of `<svc_onboarding>.<svc_status>.<svc_ts>` keyed with the secret. Verify it, and refuse a return more than 600 seconds from your clock.',
            '',
            'A link made with a sandbox key registers the supplier as a test company on the demonstration plane, and only that key sees it.',
          ].join('\n'),
          success: 'The link, its url, and the return secret (once).',
          responseExamples: {
            '201': {
              created: {
                summary: 'A new link',
                value: {
                  onboarding_link: {
                    id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
                    status: 'pending',
                    company_name: 'Suministros Norte, S.L.',
                    company_name_source: 'given',
                    company_vat: 'B12345678',
                    country: 'ES',
                    contact_email: 'admin@suministros-norte.example',
                    contact_name: 'Lucía Pérez',
                    return_url: 'https://example.com/onboarding/done',
                    metadata: { supplier_ref: 'SUP-0042', priority: 2 },
                    locale: 'es',
                    created_at: '2026-11-20T09:30:00.000Z',
                    expires_at: '2026-12-04T09:30:00.000Z',
                    account_created_at: null,
                    completed_at: null,
                    revoked_at: null,
                    revoked_reason: null,
                    seller_id: null,
                  },
                  url: 'https://api.example.com/onboarding/ob_3c9e8f7a6b5d4c3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e?locale=es',
                  expires_at: '2026-12-04T09:30:00.000Z',
                  environment: 'live',
                  return_secret: `ors_${'5e'.repeat(32)}`,
                  return: {
                    parameters: ['svc_onboarding', 'svc_status', 'svc_ts', 'svc_sig'],
                    signature: {
                      algorithm: 'HMAC-SHA256',
                      key: 'return_secret',
                      message: '<svc_onboarding>.<svc_status>.<svc_ts>',
                      encoding: 'hex',
                      tolerance_seconds: 600,
                    },
                  },
                },
              },
            },
          },
          errors: [
            'company_vat_invalid',
            'country_invalid',
            'email_invalid',
            'return_url_invalid',
            'return_url_not_allowed',
            'company_name_invalid',
            'company_name_required',
            'contact_name_invalid',
            'metadata_invalid',
            'locale_invalid',
            'valid_days_invalid',
          ],
          requestExamples: {
            supplier: {
              summary: 'A Spanish supplier',
              value: {
                company_vat: 'ESB12345678',
                country: 'ES',
                contact_email: 'admin@suministros-norte.example',
                return_url: 'https://example.com/onboarding/done',
                company_name: 'Suministros Norte, S.L.',
                contact_name: 'Lucía Pérez',
                metadata: { supplier_ref: 'SUP-0042', priority: 2 },
                locale: 'es',
                valid_days: 14,
              },
            },
          },
        },
        {
          body: s.CreateOnboardingBody,
          response: { 201: s.OnboardingCreated },
        },
        { sealReplay: true },
      ),
      async (request, reply) => {
        const answer = await onboarding.create(request.caller!, request.body);
        reply.code(201);
        return answer;
      },
    );
    app.get(
      '/v1/onboarding-links',
      keyed(
        OPENS.onboardingRead,
        {
          operationId: 'listOnboardingLinks',
          summary: 'Your onboarding links',
          description: [
            'Newest first, `limit` 1 to 200 (default 50). Statuses `pending`, `account_created`, `completed`, `expired`, `revoked`; `seller_id` once completed (the id `GET /v1/seller-limits` takes). A sandbox key sees only the links it made.',
            PAGING_DOC,
          ].join('\n'),
          success: 'The links.',
          errors: ['cursor_invalid'],
        },
        {
          querystring: s.OnboardingListQuery,
          response: { 200: s.OnboardingList },
        },
      ),
      async (request) =>
        onboarding.list(request.caller!, {
          limit: request.query.limit ?? 50,
          cursor: request.query.cursor,
        }),
    );
    app.get(
      '/v1/onboarding-links/:id',
      keyed(
        OPENS.onboardingRead,
        {
          operationId: 'getOnboardingLink',
          summary: 'One onboarding link',
          description: 'One link, as in the list. A sandbox key sees only the links it made.',
          success: 'The link.',
          errors: [],
        },
        { params: IdParams, response: { 200: s.OnboardingAnswer } },
      ),
      async (request) => onboarding.get(request.caller!, request.params.id),
    );
    // Not in the spec: revoking a link is a write on onboarding links (docs/decisions/clients.md).
    stopRoute(
      app,
      keyed,
      '/v1/onboarding-links/:id/revoke',
      OPENS.onboardingWrite,
      {
        operationId: 'revokeOnboardingLink',
        summary: 'Stop an onboarding link',
        description: [
          'The link stops at once, whether the supplier has opened its account through it (`account_created`) or not (`pending`): it can no longer be completed. `reason` is optional, up to 200 characters. A link already revoked is left as it is (`changed: false`); a completed or expired one answers 409 `onboarding_not_open` with its `status`.',
          '',
          'A sandbox key revokes only the links it made.',
        ].join('\n'),
        success: 'The link after the call, and whether it changed.',
        errors: ['onboarding_not_open'],
        reasonExample: 'Supplier no longer used',
      },
      s.OnboardingChange,
      onboarding.revoke,
    );
  };
}
