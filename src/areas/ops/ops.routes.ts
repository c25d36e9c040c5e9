import { Type } from 'typebox';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import type { App } from '../../platform/http/app.ts';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';
import type { DemoService } from '../demo/demo.service.ts';

/** Service-wide operator actions: the demonstration plane and the manual clock. */
export function opsRoutes(deps: { db: Db; clock: Clock; demo: DemoService }) {
  return (app: App) => {
    const ops = { config: { auth: 'ops' as const } };

    app.post(
      '/ops/v1/demo/reset',
      {
        ...ops,
        schema: {
          response: {
            200: Type.Object({
              bank_id: Uuid,
              sellers: Type.Integer(),
              debtors: Type.Integer(),
              created_funder: Type.Boolean(),
            }),
          },
        },
      },
      async (request) => deps.demo.reset(request.operator!),
    );

    app.get(
      '/ops/v1/clock',
      { ...ops, schema: { response: { 200: Type.Object({ now: Timestamp, manual: Type.Boolean() }) } } },
      async () => ({ now: deps.clock.now().toISOString(), manual: deps.clock.manual }),
    );

    app.post(
      '/ops/v1/clock',
      {
        ...ops,
        schema: {
          body: Type.Object(
            { advance_seconds: Type.Integer({ minimum: 1, maximum: 10 * 366 * 24 * 3600 }) },
            { additionalProperties: false },
          ),
          response: { 200: Type.Object({ now: Timestamp, manual: Type.Boolean() }) },
        },
      },
      async (request) => {
        if (!deps.clock.manual) {
          throw new ApiError(
            'manual_clock_disabled',
            'The clock can only be moved on a server started with FUNDER_API_CLOCK=manual.',
          );
        }
        const now = await deps.clock.advance(deps.db, request.body.advance_seconds);
        return { now: now.toISOString(), manual: true };
      },
    );
  };
}
