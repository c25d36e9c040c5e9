import type { FunderScope } from '../../platform/caller.ts';

/**
 * Who moves a request: a funder, only within its scope (its decisions), or the operations team
 * and the parties it plays (routing, the seller's and the debtors' answers, sandbox helpers).
 */
export type Mover = { kind: 'funder'; scope: FunderScope } | { kind: 'operations' };

export const OPERATIONS: Mover = { kind: 'operations' };
export const funderMover = (scope: FunderScope): Mover => ({ kind: 'funder', scope });
