import type { FunderScope } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { scopedCount } from '../../platform/db/scoped.ts';

export interface NewGateRefusal {
  id: string;
  requestId: string;
  gates: string[];
  detail: Record<string, unknown>;
  actor: Record<string, string>;
  keyId: string | null;
  refusedAt: Date;
}

/** A fund decision refused at a gate (funding_gate_failed), on the funder's plane. */
export async function insertGateRefusal(
  q: Queryable,
  scope: FunderScope,
  row: NewGateRefusal,
): Promise<void> {
  await scopedCount(
    q,
    scope,
    `INSERT INTO funding_gate_refusals (id, funder_id, plane, request_id, gates, detail, actor, key_id, refused_at)
     VALUES ($3, $1, $2, $4, $5, $6, $7, $8, $9)`,
    [
      row.id,
      row.requestId,
      row.gates,
      JSON.stringify(row.detail),
      JSON.stringify(row.actor),
      row.keyId,
      row.refusedAt,
    ],
  );
}
