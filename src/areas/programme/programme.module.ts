import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { createRequestDisclosureService } from '../requests/request-disclosure.service.ts';
import type { RequestLifecycle } from '../requests/requests.lifecycle.ts';
import { disclosureOpsRoutes } from './disclosure.ops.routes.ts';
import { disclosureRoutes } from './disclosure.routes.ts';
import { programmeRoutes } from './programme.routes.ts';
import { createProgrammeService } from './programme.service.ts';

export {
  type DemoCompany,
  type DemoPartInput,
  type DemoSellerSide,
  PROGRAMME_DEMO,
  type ProgrammeDemoDeps,
  playProgrammeDemo,
} from './programme.demo.ts';
export { TermsInput } from './programme.schemas.ts';
export type { ProgrammeService } from './programme.service.ts';
export type { ProgrammeTerms } from './programme-terms.ts';

/**
 * Programme terms and the disclosure of requests: the terms service (routing reads the terms in
 * force), the requests' disclosure (notices, announcing, the confidential gates), their routes.
 */
export function programmeModule(deps: AreaDeps & { lifecycle: RequestLifecycle }) {
  const programme = createProgrammeService(deps);
  const disclosure = createRequestDisclosureService(deps);
  const routes: AreaRoutes[] = [
    programmeRoutes({ programme }),
    disclosureRoutes({ disclosure }),
    disclosureOpsRoutes({ disclosure }),
  ];
  return { programme, disclosure, routes };
}
