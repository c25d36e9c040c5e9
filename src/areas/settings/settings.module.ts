import { defineArea } from '../../platform/area.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { settingsOpsRoutes } from './settings.ops.routes.ts';
import { settingsRoutes } from './settings.routes.ts';
import { createSettingsService } from './settings.service.ts';

// The settings' public face: the other areas import these from here.
export {
  CONSENT_LEVELS,
  type ConsentLevel,
  isConsentLevel,
  levelAtLeast,
} from './settings.consent-levels.ts';
export { counselRequired, type FunderPolicy, readPolicy } from './settings.policy.ts';
export { ConsentLevelSchema } from './settings.schemas.ts';
export type { SettingsService } from './settings.service.ts';

/** The funder's settings, listed buyers and required documents: service and routes. */
export function settingsModule(deps: AreaDeps) {
  const settings = createSettingsService(deps);
  const routes: AreaRoutes[] = [settingsRoutes({ settings }), settingsOpsRoutes({ settings })];
  return defineArea({ name: 'settings', services: { settings }, routes });
}
