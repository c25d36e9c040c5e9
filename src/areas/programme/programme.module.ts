import { defineArea } from '../../platform/area.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { programmeRoutes } from './programme.routes.ts';
import { createProgrammeService } from './programme.service.ts';

export {
  type DemoCompany,
  type DemoPartInput,
  type DemoSellerSide,
  PROGRAMME_DEMO,
  type ProgrammeDemoDeps,
  playProgrammeDemo,
  routedDemoRequest,
} from './programme.demo.ts';
export { TermsInput } from './programme.schemas.ts';
export type { ProgrammeBody, ProgrammeService } from './programme.service.ts';
export type { ProgrammeTerms } from './programme.terms.ts';

/** Programme terms: the terms service (routing reads the terms in force) and its routes. */
export function programmeModule(deps: AreaDeps) {
  const programme = createProgrammeService(deps);
  const routes: AreaRoutes[] = [programmeRoutes({ programme })];
  return defineArea({ name: 'programme', services: { programme }, routes });
}
