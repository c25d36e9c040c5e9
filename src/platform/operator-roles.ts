/**
 * The roles of the operations team (docs/decisions/ops.md, "Operator roles"). Each is a fixed set
 * of operations, ordered: every role may do what the ones below it do.
 *
 * - `auditor` reads: every GET of the operations API, the audit trail included.
 * - `support` also plays the other parties (sellers, debtors, clients, suppliers, banks' data)
 *   and runs the demonstration and sandbox operations (the manual clock, a demonstration reset,
 *   the on-demand runs of jobs).
 * - `admin` does everything: funders, their classification and status, API keys, operators,
 *   backups, the settings and limits the team sets for a funder, and the reviews that lift a
 *   hold on a request.
 *
 * Every operations route declares the least role that opens it (`config.role`); a route under
 * `/ops/` without one stops the start (http/route-rules.ts).
 */
export const OPERATOR_ROLES = ['auditor', 'support', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * An operator's name, as the table allows it (migration 0049): what the operators' routes take
 * and what the audit trail filters by.
 */
export const OPERATOR_NAME = '^[a-z0-9][a-z0-9._-]{0,62}$';

/** The role of the bootstrap operator (OPS_TOKEN) and of the command line on the database. */
export const FULL_ROLE: OperatorRole = 'admin';

/** Whether `have` opens what `need` opens (a role opens its own and every lower role's). */
export function roleAtLeast(have: OperatorRole, need: OperatorRole): boolean {
  return OPERATOR_ROLES.indexOf(have) >= OPERATOR_ROLES.indexOf(need);
}

export const isOperatorRole = (value: unknown): value is OperatorRole =>
  typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value);

/** The route option an operations route declares its role with: `config: opsRole('support')`. */
export const opsRole = (role: OperatorRole) => ({ role });
