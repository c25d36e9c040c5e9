import type { OperationDocs } from '../types.ts';

export const limitsOperations: OperationDocs = {};
