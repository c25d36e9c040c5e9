import { defineArea } from '../../platform/area.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { accountOperatorRoutes } from './account.operators.ops.routes.ts';
import { accountOpsRoutes } from './account.ops.routes.ts';
import { accountRoutes } from './account.routes.ts';
import { createAccountService } from './account.service.ts';

export { ENVIRONMENTS, funderEnvironment } from './account.funders.ts';
export type { IssueKeyInput } from './account.keys.ts';
/** The operations API's answers about funders, keys and operators, as the command line reads them. */
export { OperatorIssued, OperatorList, OperatorRevoked } from './account.operators.ops.routes.ts';
export { BOOTSTRAP_OPERATOR, OPERATOR_NAME, type OperatorView } from './account.operators.ts';
export {
  FunderChange,
  FunderCreated,
  FunderList,
  KeyIssued,
  KeyList,
  KeyRevoked,
} from './account.ops.routes.ts';
export type { AccountService } from './account.service.ts';
export type { FunderView, KeyAdminView, KeyView } from './account.views.ts';

/** Funders and their API keys: the service (the auth hook's key lookup among it) and routes. */
export function accountModule(
  deps: AreaDeps & {
    /** Rate limits counted in the database: the key lookup counts the call in the same statement. */
    countOnLookup?: boolean;
  },
) {
  const account = createAccountService(deps);
  const routes: AreaRoutes[] = [
    accountRoutes({ account, clock: deps.clock }),
    accountOpsRoutes({ account }),
    accountOperatorRoutes({ account }),
  ];
  return defineArea({ name: 'account', services: { account }, routes });
}
