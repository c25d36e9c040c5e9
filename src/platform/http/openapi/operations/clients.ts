import type { OperationDocs } from '../types.ts';

const sharedDemo =
  'With a sandbox key: prescribers and client links of the demonstration funder are shared by every demonstration, so changing them needs the scope `decisions:write` (403 `forbidden` otherwise).';
const sandboxOnly =
  'Sandbox keys only (403 `sandbox_only` otherwise); it plays the company on the demonstration plane, never on live data.';

export const clientsOperations: OperationDocs = {
  'GET /v1/client-links': {
    operationId: 'listClientLinks',
    summary: 'Your open link and each prescriber’s link',
    tag: 'Clients',
    description: [
      'Your own open link (`prescriber_id` null) and the current link of each prescriber. A company that opens a link gives its name, tax number, country and e-mail and gets your invitation; once it accepts, it is your client: its requests are routed to you only, and its origin is kept. Opening a link makes no account.',
      '',
      '`url` is there while the link works; `lang` is added to each url. `arrivals` counts companies whose first arrival was through the link, `claims_last_day` the sign-ups of the last 24 hours.',
    ].join('\n'),
    success: 'The links, your own first.',
    errors: ['lang_invalid'],
  },
  'POST /v1/client-links': {
    operationId: 'createClientLink',
    summary: 'Issue a client link (yours or a prescriber’s)',
    tag: 'Clients',
    description: [
      'One working link per owner (you, or one prescriber). While one works, `replace: true` stops it at once and issues the new one (the old one names it in `replaced_by`); without it the answer is 409 `link_exists`. An expired link simply gives way. `expires_at` lies between one hour and three years ahead (one year when left out). Only the SHA-256 of the link’s token is kept.',
      '',
      'At most 20 sign-ups an hour and 100 a day go through one link, counted across servers.',
      '',
      sharedDemo,
    ].join('\n'),
    success: 'The new link, with its url.',
    errors: [
      'link_exists',
      'prescriber_invalid',
      'expires_at_invalid',
      'reason_invalid',
      'lang_invalid',
      'invalid_flag',
    ],
    requestExamples: {
      replace: {
        summary: 'Replace your own link',
        value: {
          expires_at: '2027-06-30T22:00:00Z',
          replace: true,
          reason: 'Old link was posted publicly',
          lang: 'es',
        },
      },
    },
  },
  'POST /v1/client-links/{id}/disable': {
    operationId: 'disableClientLink',
    summary: 'Stop a client link',
    tag: 'Clients',
    description:
      'The link stops at once; companies that arrived through it keep their origin. A link already disabled or expired is left as it is (`changed: false`). ' +
      sharedDemo,
    success: 'The link after the call, and whether it changed.',
    errors: ['reason_invalid'],
    requestExamples: { reason: { summary: 'With a reason', value: { reason: 'Campaign ended' } } },
  },
  'GET /v1/prescribers': {
    operationId: 'listPrescribers',
    summary: 'Your prescribers',
    tag: 'Clients',
    description:
      'People or firms that bring you clients (yours, not the service’s partners). Active ones first, each with its current link and the companies that first arrived through its links.',
    success: 'The prescribers.',
    errors: ['lang_invalid'],
  },
  'POST /v1/prescribers': {
    operationId: 'createPrescriber',
    summary: 'Add a prescriber, with its own link',
    tag: 'Clients',
    description: [
      '`name` (2 to 120 characters) is unique among your active prescribers (409 `prescriber_exists`); `email` is optional, `notes` up to 1,000 characters. Its own open link comes with it in `prescriber.link.url`. The evidence chain keeps only hashes of the name and e-mail.',
      '',
      `${sharedDemo} A sandbox key records only reserved e-mail addresses (ending in \`.example\`, \`.invalid\`, \`.test\` or \`.demo\`; 422 \`email_not_reserved\`).`,
    ].join('\n'),
    success: 'The prescriber and its link.',
    errors: [
      'prescriber_exists',
      'name_invalid',
      'email_invalid',
      'email_not_reserved',
      'notes_invalid',
      'lang_invalid',
    ],
    requestExamples: {
      firm: {
        summary: 'An advisory firm',
        value: {
          name: 'Asesoría Levante',
          email: 'socios@asesoria-levante.example',
          notes: 'Valencia office',
        },
      },
    },
  },
  'POST /v1/prescribers/{id}/disable': {
    operationId: 'disablePrescriber',
    summary: 'Stop a prescriber',
    tag: 'Clients',
    description:
      'Its link stops at once; the companies it brought stay attributed to it. Already disabled: `changed: false`. ' +
      sharedDemo,
    success: 'The prescriber after the call, and whether it changed.',
    errors: ['reason_invalid'],
    requestExamples: { reason: { summary: 'With a reason', value: { reason: 'Agreement ended' } } },
  },
  'GET /v1/prescribers/report': {
    operationId: 'prescriberReport',
    summary: 'What each prescriber (and each other origin) brought',
    tag: 'Clients',
    description:
      'Totals and one group per origin (`prescriber`, `own_link`, `named`, `api`): companies arrived, joined (account opened), onboarded (company verification approved), their requests routed to you, the amounts requested and funded (advance, else total, of funded or settled requests, in euros). Each company counts once, for whoever brought it first. With a sandbox key, only the companies that key brought are counted.',
    success: 'The report.',
    errors: [],
  },
  'GET /v1/client-invitations': {
    operationId: 'listClientInvitations',
    summary: 'Invitations of the companies that arrived',
    tag: 'Clients',
    description:
      'Newest first, `limit` 1 to 500 (default 200). Each with its origin (`via` `link`, `named` or `api`, the prescriber and link if any), its state (`pending`, `accepted`, `revoked`, `expired`: unanswered after 30 days), the company and the contact. A sandbox key sees only the invitations its own test helpers made.',
    success: 'The invitations.',
    errors: [],
  },
  'POST /v1/client-invitations/{id}/revoke': {
    operationId: 'revokeClientInvitation',
    summary: 'Withdraw a pending invitation',
    tag: 'Clients',
    description: [
      'The company can no longer accept it; its arrival and origin stay (arriving again through a link gives it a new invitation). `reason` is optional, up to 200 characters. An invitation already revoked is left as it is (`changed: false`); an accepted or expired one answers 409 `invitation_not_pending` with its `state`.',
      '',
      'A sandbox key revokes only the invitations its own test helpers made.',
    ].join('\n'),
    success: 'The invitation after the call, and whether it changed.',
    errors: ['invitation_not_pending', 'reason_invalid'],
    requestExamples: { reason: { summary: 'With a reason', value: { reason: 'Sent to the wrong company' } } },
  },
  'POST /v1/onboarding-links': {
    operationId: 'createOnboardingLink',
    summary: 'A single-use onboarding link for one of your suppliers',
    tag: 'Onboarding links',
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
  'GET /v1/onboarding-links': {
    operationId: 'listOnboardingLinks',
    summary: 'Your onboarding links',
    tag: 'Onboarding links',
    description:
      'Newest first, `limit` 1 to 200 (default 50). Statuses `pending`, `account_created`, `completed`, `expired`, `revoked`; `seller_id` once completed (the id `GET /v1/seller-limits` takes). A sandbox key sees only the links it made.',
    success: 'The links.',
    errors: [],
  },
  'GET /v1/onboarding-links/{id}': {
    operationId: 'getOnboardingLink',
    summary: 'One onboarding link',
    tag: 'Onboarding links',
    description: 'One link, as in the list. A sandbox key sees only the links it made.',
    success: 'The link.',
    errors: [],
  },
  'POST /v1/onboarding-links/{id}/revoke': {
    operationId: 'revokeOnboardingLink',
    summary: 'Stop an onboarding link',
    tag: 'Onboarding links',
    description: [
      'The link stops at once, whether the supplier has opened its account through it (`account_created`) or not (`pending`): it can no longer be completed. `reason` is optional, up to 200 characters. A link already revoked is left as it is (`changed: false`); a completed or expired one answers 409 `onboarding_not_open` with its `status`.',
      '',
      'A sandbox key revokes only the links it made.',
    ].join('\n'),
    success: 'The link after the call, and whether it changed.',
    errors: ['onboarding_not_open', 'reason_invalid'],
    requestExamples: { reason: { summary: 'With a reason', value: { reason: 'Supplier no longer used' } } },
  },
  'POST /v1/sandbox/client-links/{id}/arrivals': {
    operationId: 'sandboxClientArrival',
    summary: 'Sandbox: a company opens a client link',
    tag: 'Sandbox',
    description: [
      'Plays a company opening the link and giving `company_name`, `tax_id`, `country` and `email`: it gets your invitation. Its first arrival keeps its origin. 409 `link_not_active` when the link stopped; 429 `signup_limit` past 20 sign-ups in any 60 minutes or 100 in any 24 hours through the link (rolling windows, the one `claims_last_day` counts; a sandbox key counts its own sign-ups).',
      '',
      sandboxOnly,
    ].join('\n'),
    success: 'The invitation the company received.',
    errors: [
      'sandbox_only',
      'link_not_active',
      'signup_limit',
      'tax_id_required',
      'country_invalid',
      'email_invalid',
    ],
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
  },
  'POST /v1/sandbox/client-invitations/{id}/accept': {
    operationId: 'sandboxAcceptInvitation',
    summary: 'Sandbox: a company accepts your invitation',
    tag: 'Sandbox',
    description: [
      'The company becomes your client, with its origin; its requests are routed to you only. 409 `invitation_not_pending` when already answered or expired.',
      '',
      sandboxOnly,
    ].join('\n'),
    success: 'The accepted invitation.',
    errors: ['sandbox_only', 'invitation_not_pending', 'client_of_another_funder', 'conflict'],
  },
  'POST /v1/sandbox/onboarding-links/{id}/account': {
    operationId: 'sandboxOnboardingAccount',
    summary: 'Sandbox: a supplier opens its account through an onboarding link',
    tag: 'Sandbox',
    description: [
      'Plays the supplier opening its account through the link without yet submitting its company verification: the link reads `account_created` (with `account_created_at`) until it is completed, revoked or expires. Already `account_created`: `changed: false`. 409 `onboarding_not_open` when the link is completed, expired or revoked.',
      '',
      sandboxOnly,
    ].join('\n'),
    success: 'The link after the call, and whether it changed.',
    errors: ['sandbox_only', 'onboarding_not_open'],
  },
  'POST /v1/sandbox/onboarding-links/{id}/complete': {
    operationId: 'sandboxCompleteOnboarding',
    summary: 'Sandbox: a supplier completes an onboarding link',
    tag: 'Sandbox',
    description: [
      'Plays the supplier submitting its company verification: it is registered as a test company, becomes your client (origin `api`), `onboarding.completed` is queued with the link’s metadata, and the answer carries the signed return URL the supplier is sent to. A link reading `pending` or `account_created` can be completed; 409 `onboarding_not_open` when it is completed, expired or revoked.',
      '',
      sandboxOnly,
    ].join('\n'),
    success: 'The completed link and the signed return URL.',
    errors: ['sandbox_only', 'onboarding_not_open', 'client_of_another_funder', 'conflict'],
  },
  'POST /v1/sandbox/clients/{seller_id}/leave': {
    operationId: 'sandboxClientLeave',
    summary: 'Sandbox: a client leaves your network',
    tag: 'Sandbox',
    description: [
      'Plays one of your demonstration clients leaving your network (only a company this key’s own helpers brought; 404 `not_found` for any other seller). Its origin stays: the prescriber report still counts who brought it. From then on its new requests are no longer sent to you alone, it gives no consent to share its invoices, and the next night’s digest shows the invoices you were shown as `no_longer_eligible` with reason `left_programme`. Leaving again changes nothing (`changed: false`); `reason` (8 characters or more) is kept on the evidence chain.',
      '',
      sandboxOnly,
    ].join('\n'),
    success: 'The client as it stands, with when and why it left.',
    errors: ['sandbox_only', 'not_found', 'reason_required'],
    requestExamples: {
      leave: { summary: 'The client leaves', value: { reason: 'The company closed its account with us' } },
    },
  },
};
