import type { OperationDocs } from '../types.ts';
import { limitsOperations } from './limits.ts';
import { requestsOperations } from './requests.ts';

/** Every documented operation of /v1 not yet declared on its route, by `METHOD /path`. */
export const operationDocs: OperationDocs = {
  ...limitsOperations,
  ...requestsOperations,
};
