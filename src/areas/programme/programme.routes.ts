import type { AreaRoutes } from '../../platform/http/app.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import { Programme, ProgrammeBody, ProgrammeChange } from './programme.schemas.ts';
import type { ProgrammeBody as ProgrammeInput, ProgrammeService } from './programme.service.ts';

const keyed = keyRoutes('Settings');

/** The funder's programme terms. */
export function programmeRoutes({ programme }: { programme: ProgrammeService }): AreaRoutes {
  return (app) => {
    app.get(
      '/v1/programme',
      keyed(
        OPENS.read,
        {
          operationId: 'getProgramme',
          summary: 'Your programme terms',
          description: [
            'The terms requests take when they are routed to you: your `default` (with `source` `funder_default` and when it was last changed), and each company you can set terms for — the sellers of requests routed to you and those you already set terms for — with the terms in force for it (`source` `seller` when it has its own terms over your default) and the reason given.',
            '',
            '`requests` counts the requests routed to you now by `<disclosure>:<recourse>:<status>`: the disclosure the request has today (a confidential request becomes `announced` once announced), the recourse it was routed under, and its request status.',
          ].join('\n'),
          success: 'Your programme.',
          errors: [],
        },
        { summary: 'Your programme terms', response: { 200: Programme } },
      ),
      async (request) => programme.getProgramme(request.caller!),
    );

    app.put(
      '/v1/programme',
      keyed(
        OPENS.settingsWrite,
        {
          operationId: 'updateProgramme',
          summary: 'Change your default terms or one company’s terms',
          description: [
            'Without `seller_id` (or with null) the change is to your default; with one, to that company’s own terms, which take precedence over your default. Only the keys sent in `terms` change. `{"reset": true}` alone, with a `seller_id`, removes the company’s own terms so your default applies to it again.',
            '',
            'Day counts (`recourse_days`, `announce_overdue_days`) are whole days from 1 to 365, or null for none. `reason` (at least 8 characters) is kept with the change on the evidence chain.',
            '',
            'The change applies to requests routed from then on: a request keeps the terms it was routed under (`open_requests_keep_their_terms` counts the open ones whose terms now differ).',
          ].join('\n'),
          success: 'The terms in force after the change.',
          errors: [
            'body_invalid',
            'seller_id_invalid',
            'terms_invalid',
            'terms_key_unknown',
            'reason_required',
            'seller_not_in_programme',
          ],
          requestExamples: {
            confidentialDefault: {
              summary: 'Confidential, without recourse, by default',
              value: {
                terms: { disclosure: 'confidential', recourse: 'without', announce_overdue_days: 15 },
                reason: 'Credit committee of 3 November',
              },
            },
            company: {
              summary: 'One company announced, with recourse after 30 days',
              value: {
                seller_id: '3f8b6c1e-2d4a-4e5f-9a7b-1c2d3e4f5a6b',
                terms: { disclosure: 'announced', recourse: 'with', recourse_days: 30 },
                reason: 'Seller asked for an announced programme',
              },
            },
            reset: {
              summary: 'Back to your default for one company',
              value: {
                seller_id: '3f8b6c1e-2d4a-4e5f-9a7b-1c2d3e4f5a6b',
                terms: { reset: true },
                reason: 'Special terms ended with the contract',
              },
            },
          },
        },
        {
          summary: 'Change your default terms or one company’s terms',
          body: ProgrammeBody,
          response: { 200: ProgrammeChange },
        },
      ),
      async (request) => programme.putProgramme(request.caller!, request.body as ProgrammeInput),
    );
  };
}
