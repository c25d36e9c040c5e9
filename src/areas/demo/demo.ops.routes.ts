import { Type } from 'typebox';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { Uuid } from '../../platform/http/schemas.ts';
import { opsRole } from '../../platform/operator-roles.ts';
import type { DemoService } from './demo.service.ts';

/** What a reset answers (the command line reads it too, through the module). */
export const DemoReset = Type.Object({
  bank_id: Uuid,
  sellers: Type.Integer(),
  debtors: Type.Integer(),
  created_funder: Type.Boolean(),
});

/** The operations team's side of the demonstration plane: its reset. */
export function demoOpsRoutes({ demo }: { demo: DemoService }): AreaRoutes {
  return (app) => {
    app.post(
      '/ops/v1/demo/reset',
      {
        config: opsRole('support'),
        schema: {
          response: {
            200: DemoReset,
          },
        },
      },
      async (request) => demo.reset(request.operator!),
    );
  };
}
