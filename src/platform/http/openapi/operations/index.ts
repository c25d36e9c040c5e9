import type { OperationDocs } from '../types.ts';
import { accountOperations } from './account.ts';
import { earlyPaymentsOperations } from './early-payments.ts';
import { limitsOperations } from './limits.ts';
import { registryOperations } from './registry.ts';
import { requestsOperations } from './requests.ts';
import { sandboxOperations } from './sandbox.ts';
import { settingsOperations } from './settings.ts';
import { statementsOperations } from './statements.ts';

/** Every documented operation of /v1, by `METHOD /path`. */
export const operationDocs: OperationDocs = {
  ...accountOperations,
  ...requestsOperations,
  ...settingsOperations,
  ...limitsOperations,
  ...statementsOperations,
  ...registryOperations,
  ...earlyPaymentsOperations,
  ...sandboxOperations,
};
