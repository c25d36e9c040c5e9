import type { OperationDocs } from '../types.ts';
import { accountOperations } from './account.ts';
import { bankDataOperations } from './bank-data.ts';
import { clientsOperations } from './clients.ts';
import { limitsOperations } from './limits.ts';
import { programmeOperations } from './programme.ts';
import { recourseOperations } from './recourse.ts';
import { requestsOperations } from './requests.ts';
import { sandboxOperations } from './sandbox.ts';
import { settingsOperations } from './settings.ts';
import { statementsOperations } from './statements.ts';
import { webhooksOperations } from './webhooks.ts';

/** Every documented operation of /v1, by `METHOD /path`. */
export const operationDocs: OperationDocs = {
  ...accountOperations,
  ...requestsOperations,
  ...settingsOperations,
  ...limitsOperations,
  ...statementsOperations,
  ...clientsOperations,
  ...sandboxOperations,
  ...programmeOperations,
  ...recourseOperations,
  ...webhooksOperations,
  ...bankDataOperations,
};
