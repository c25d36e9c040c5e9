import type { Db } from '../../platform/db/db.ts';
import { createAudit } from './ops.audit.ts';

export type OpsService = ReturnType<typeof createOpsService>;

/** The operations team's reading of the audit trail (ops.audit). */
export function createOpsService(deps: { db: Db }) {
  return { audit: createAudit(deps) };
}
