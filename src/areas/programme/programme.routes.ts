import type { App } from '../../platform/http/app.ts';
import { Programme, ProgrammeBody, ProgrammeChange } from './programme.schemas.ts';
import type { ProgrammeBody as ProgrammeInput, ProgrammeService } from './programme.service.ts';

/** The funder's programme terms. */
export function programmeRoutes(deps: { programme: ProgrammeService }) {
  const { programme } = deps;
  return (app: App) => {
    const key = { config: { auth: 'key' as const } };

    app.get(
      '/v1/programme',
      {
        ...key,
        schema: { tags: ['Settings'], summary: 'Your programme terms', response: { 200: Programme } },
      },
      async (request) => programme.getProgramme(request.caller!),
    );

    app.put(
      '/v1/programme',
      {
        ...key,
        schema: {
          tags: ['Settings'],
          summary: 'Change your default terms or one company’s terms',
          body: ProgrammeBody,
          response: { 200: ProgrammeChange },
        },
      },
      async (request) => programme.putProgramme(request.caller!, request.body as ProgrammeInput),
    );
  };
}
