import type { Static, TSchema } from 'typebox';
import type { FunderCaller } from '../../platform/caller.ts';
import type { App, AreaRoutes } from '../../platform/http/app.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { IdParams, PAGING_DOC } from '../../platform/http/schemas.ts';
import { OPENS, type Scope } from '../../platform/http/scopes.ts';
import * as s from './clients.schemas.ts';
import type { ClientsService } from './clients.service.ts';

const keyed = keyRoutes('Clients');

type Operation = Parameters<ReturnType<typeof keyRoutes>>[1];

/**
 * A POST that stops what the path names (a link, a prescriber, an invitation, an onboarding
 * link), in the OpenAPI tag of `keyed`. The body may be left out: no body is no reason; a reason
 * too long answers `reason_invalid`. It answers the thing after the call and whether it changed.
 * The answer of `stop` is checked against `change` here, where both are known.
 */
export function stopRoute<R extends TSchema>(
  app: App,
  keyed: ReturnType<typeof keyRoutes>,
  path: string,
  scopes: readonly Scope[],
  { reasonExample, errors, ...operation }: Omit<Operation, 'requestExamples'> & { reasonExample: string },
  change: R,
  stop: (caller: FunderCaller, id: string, reason: string | null) => Promise<Static<R>>,
): void {
  const answer: TSchema = change;
  app.post(
    path,
    keyed(
      scopes,
      {
        ...operation,
        errors: [...errors, 'reason_invalid'],
        requestExamples: { reason: { summary: 'With a reason', value: { reason: reasonExample } } },
      },
      { params: IdParams, body: s.DisableBody, response: { 200: answer } },
      { optionalBody: true },
    ),
    async (request) => stop(request.caller!, request.params.id, request.body.reason ?? null),
  );
}

const sharedDemo =
  'With a sandbox key: prescribers and client links of the demonstration funder are shared by every demonstration, so changing them needs the scope `decisions:write` (403 `forbidden` otherwise).';

/** The funder's own client links, its prescribers and what each brought: /v1/client-links, /v1/prescribers. */
export function clientsLinksRoutes({
  clients: { links, prescribers, report },
}: {
  clients: ClientsService;
}): AreaRoutes {
  return (app) => {
    app.get(
      '/v1/client-links',
      keyed(
        OPENS.clientsRead,
        {
          operationId: 'listClientLinks',
          summary: 'Your open link and each prescriber’s link',
          description: [
            'Your own open link (`prescriber_id` null) and the current link of each prescriber. A company that opens a link gives its name, tax number, country and e-mail and gets your invitation; once it accepts, it is your client: its requests are routed to you only, and its origin is kept. Opening a link makes no account.',
            '',
            '`url` is there while the link works; `lang` is added to each url. `arrivals` counts companies whose first arrival was through the link, `claims_last_day` the sign-ups of the last 24 hours.',
          ].join('\n'),
          success: 'The links, your own first.',
          errors: ['lang_invalid'],
        },
        { querystring: s.LangQuery, response: { 200: s.ClientLinkList } },
      ),
      async (request) => links.list(request.caller!, request.query.lang),
    );
    app.post(
      '/v1/client-links',
      keyed(
        OPENS.clientsWrite,
        {
          operationId: 'createClientLink',
          summary: 'Issue a client link (yours or a prescriber’s)',
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
        { body: s.CreateLinkBody, response: { 201: s.ClientLinkAnswer } },
      ),
      async (request, reply) => {
        const answer = await links.create(request.caller!, request.body);
        reply.code(201);
        return answer;
      },
    );
    stopRoute(
      app,
      keyed,
      '/v1/client-links/:id/disable',
      OPENS.clientsWrite,
      {
        operationId: 'disableClientLink',
        summary: 'Stop a client link',
        description:
          'The link stops at once; companies that arrived through it keep their origin. A link already disabled or expired is left as it is (`changed: false`). ' +
          sharedDemo,
        success: 'The link after the call, and whether it changed.',
        errors: [],
        reasonExample: 'Campaign ended',
      },
      s.ClientLinkChange,
      links.disable,
    );

    app.get(
      '/v1/prescribers',
      keyed(
        OPENS.clientsRead,
        {
          operationId: 'listPrescribers',
          summary: 'Your prescribers',
          description: [
            'People or firms that bring you clients (yours, not the service’s partners). Active ones first, each with its current link and the companies that first arrived through its links.',
            '',
            '`limit` (1 to 200) reads the list in pages; without it the whole list comes in one answer.',
            PAGING_DOC,
            'A prescriber disabled during a walk moves from the active ones to the others, so it can come once more on a later page: key what you keep by `id`.',
          ].join('\n'),
          success: 'The prescribers.',
          errors: ['lang_invalid', 'cursor_invalid'],
        },
        { querystring: s.PagedLangQuery, response: { 200: s.PrescriberList } },
      ),
      async (request) => prescribers.list(request.caller!, request.query),
    );
    app.post(
      '/v1/prescribers',
      keyed(
        OPENS.clientsWrite,
        {
          operationId: 'createPrescriber',
          summary: 'Add a prescriber, with its own link',
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
        { body: s.CreatePrescriberBody, response: { 201: s.PrescriberAnswer } },
      ),
      async (request, reply) => {
        const answer = await prescribers.create(request.caller!, request.body);
        reply.code(201);
        return answer;
      },
    );
    stopRoute(
      app,
      keyed,
      '/v1/prescribers/:id/disable',
      OPENS.clientsWrite,
      {
        operationId: 'disablePrescriber',
        summary: 'Stop a prescriber',
        description:
          'Its link stops at once; the companies it brought stay attributed to it. Already disabled: `changed: false`. ' +
          sharedDemo,
        success: 'The prescriber after the call, and whether it changed.',
        errors: [],
        reasonExample: 'Agreement ended',
      },
      s.PrescriberChange,
      prescribers.disable,
    );
    app.get(
      '/v1/prescribers/report',
      keyed(
        OPENS.clientsRead,
        {
          operationId: 'prescriberReport',
          summary: 'What each prescriber (and each other origin) brought',
          description:
            'Totals and one group per origin (`prescriber`, `own_link`, `named`, `api`): companies arrived, joined (account opened), onboarded (company verification approved), their requests routed to you, the amounts requested and funded (advance, else total, of funded or settled requests, in euros). Each company counts once, for whoever brought it first. With a sandbox key, only the companies that key brought are counted.',
          success: 'The report.',
          errors: [],
        },
        { response: { 200: s.PrescriberReport } },
      ),
      async (request) => report.report(request.caller!),
    );
  };
}
