import { defineArea } from '../../platform/area.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { opsAuditRoutes } from './ops.audit.ops.routes.ts';
import { opsRoutes } from './ops.routes.ts';
import { createOpsService } from './ops.service.ts';

/** The operations API's answers the command line reads: an audit page, the evidence check. */
export { AuditAnswer } from './ops.audit.ops.routes.ts';
export type { AuditEntry, AuditPage, AuditQuery } from './ops.audit.ts';
export { EvidenceReport } from './ops.routes.ts';

/**
 * Service-wide operator actions (the evidence check, the manual clock, the embedded backup) and
 * the audit trail of what operators and funders did.
 */
export function opsModule(deps: AreaDeps) {
  const { audit } = createOpsService(deps);
  const routes: AreaRoutes[] = [opsRoutes(deps), opsAuditRoutes({ audit })];
  return defineArea({ name: 'ops', services: { audit }, routes });
}
