import type { Static } from 'typebox';
import type {
  FunderChange,
  FunderCreated,
  FunderList,
  IssueKeyInput,
  KeyIssued,
  KeyList,
  KeyRevoked,
  OperatorIssued,
  OperatorList,
  OperatorRevoked,
} from './areas/account/account.module.ts';
import type { DemoReset } from './areas/demo/demo.module.ts';
import type { AuditAnswer, AuditQuery, EvidenceReport } from './areas/ops/ops.module.ts';
import type { Environment } from './platform/caller.ts';
import type { OperatorRole } from './platform/operator-roles.ts';

/*
 * The operations team's commands, as one interface with two implementations: in this process,
 * on the database the command opens itself (cli-in-process.ts), or through the operations API
 * of the running server that holds the embedded database (cli-remote.ts). Every answer has the
 * type of the operations API route's response schema, so a command is written once against
 * this interface and prints the same whichever implementation served it.
 */

export type FunderListAnswer = Static<typeof FunderList>;
export type FunderCreatedAnswer = Static<typeof FunderCreated>;
export type FunderChangeAnswer = Static<typeof FunderChange>;
export type KeyListAnswer = Static<typeof KeyList>;
export type KeyIssuedAnswer = Static<typeof KeyIssued>;
export type KeyRevokedAnswer = Static<typeof KeyRevoked>;
export type OperatorListAnswer = Static<typeof OperatorList>;
export type OperatorIssuedAnswer = Static<typeof OperatorIssued>;
export type OperatorRevokedAnswer = Static<typeof OperatorRevoked>;
export type AuditPageAnswer = Static<typeof AuditAnswer>;
export type EvidenceAnswer = Static<typeof EvidenceReport>;
export type DemoResetAnswer = Static<typeof DemoReset>;

/** Each method is one operations API call (named beside it), or the service call behind it. */
export interface OpsCommands {
  /** GET /ops/v1/funders */
  listFunders(): Promise<FunderListAnswer>;
  /** POST /ops/v1/funders */
  createFunder(input: { name: string; environment: Environment }): Promise<FunderCreatedAnswer>;
  /** POST /ops/v1/funders/{bank_id}/classify */
  classifyFunder(bankId: string, environment: Environment): Promise<FunderChangeAnswer>;
  /** GET /ops/v1/keys, for one funder or all */
  listKeys(bankId: string | null): Promise<KeyListAnswer>;
  /** POST /ops/v1/keys */
  issueKey(input: IssueKeyInput): Promise<KeyIssuedAnswer>;
  /** POST /ops/v1/keys/{id}/revoke */
  revokeKey(keyId: string, reason: string | null): Promise<KeyRevokedAnswer>;
  /** GET /ops/v1/operators */
  listOperators(): Promise<OperatorListAnswer>;
  /** POST /ops/v1/operators */
  issueOperator(input: { name: string; role: OperatorRole }): Promise<OperatorIssuedAnswer>;
  /** POST /ops/v1/operators/{name}/revoke */
  revokeOperator(name: string): Promise<OperatorRevokedAnswer>;
  /** GET /ops/v1/audit: one page */
  auditPage(query: AuditQuery): Promise<AuditPageAnswer>;
  /** POST /ops/v1/demo/reset */
  resetDemo(): Promise<DemoResetAnswer>;
  /** GET /ops/v1/evidence/verify */
  verifyEvidence(): Promise<EvidenceAnswer>;
}
