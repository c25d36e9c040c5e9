import { Type } from 'typebox';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { Uuid } from '../../platform/http/schemas.ts';
import { opsRole } from '../../platform/operator-roles.ts';
import { ListedBuyersAnswer, ListedBuyersBody } from './settings.schemas.ts';
import type { SettingsService } from './settings.service.ts';

/** Settings the service keeps for a funder, never through the funder API: its listed buyers. */
export function settingsOpsRoutes({ settings }: { settings: SettingsService }): AreaRoutes {
  return (app) => {
    app.put(
      '/ops/v1/funders/:bank_id/listed-buyers',
      {
        config: opsRole('admin'),
        schema: {
          params: Type.Object({ bank_id: Uuid }),
          body: ListedBuyersBody,
          response: { 200: ListedBuyersAnswer },
        },
      },
      async (request) => {
        const { plane, ...input } = request.body;
        return settings.setListedBuyers(request.operator!, request.params.bank_id, plane, input);
      },
    );
  };
}
