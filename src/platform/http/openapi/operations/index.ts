import type { OperationDocs } from '../types.ts';
import { accountOperations } from './account.ts';
import { earlyPaymentsOperations } from './early-payments.ts';
import { exportsOperations } from './exports.ts';
import { limitsOperations } from './limits.ts';
import { opportunitiesOperations } from './opportunities.ts';
import { requestsOperations } from './requests.ts';
import { sandboxOperations } from './sandbox.ts';

/** Every documented operation of /v1 not yet declared on its route, by `METHOD /path`. */
export const operationDocs: OperationDocs = {
  ...accountOperations,
  ...earlyPaymentsOperations,
  ...exportsOperations,
  ...limitsOperations,
  ...opportunitiesOperations,
  ...requestsOperations,
  ...sandboxOperations,
};
