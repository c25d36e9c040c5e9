import { ex } from '../examples.ts';
import type { OperationDocs } from '../types.ts';

export const requestsOperations: OperationDocs = {};
