import type { OperationDocs } from '../types.ts';
import { earlyPaymentsOperations } from './early-payments.ts';
import { exportsOperations } from './exports.ts';
import { limitsOperations } from './limits.ts';
import { opportunitiesOperations } from './opportunities.ts';
import { requestsOperations } from './requests.ts';

/** Every documented operation of /v1 not yet declared on its route, by `METHOD /path`. */
export const operationDocs: OperationDocs = {
  ...earlyPaymentsOperations,
  ...exportsOperations,
  ...limitsOperations,
  ...opportunitiesOperations,
  ...requestsOperations,
};
