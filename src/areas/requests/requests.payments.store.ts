import type { FunderScope } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { scopedCount } from '../../platform/db/scoped.ts';

export interface NewSettlement {
  id: string;
  requestId: string;
  amount: string;
  receivedAt: Date;
  reference: string | null;
  note: string | null;
  final: boolean;
  source: 'settle' | 'statement' | 'recourse';
  recordedAt: Date;
}

/** A payment the funder of record received, on its plane. */
export async function insertSettlement(q: Queryable, scope: FunderScope, row: NewSettlement): Promise<void> {
  await scopedCount(
    q,
    scope,
    `INSERT INTO settlements (id, plane, request_id, funder_id, amount, received_at, reference, note, final, source, recorded_at)
     VALUES ($3, $2, $4, $1, $5, $6, $7, $8, $9, $10, $11)`,
    [
      row.id,
      row.requestId,
      row.amount,
      row.receivedAt,
      row.reference,
      row.note,
      row.final,
      row.source,
      row.recordedAt,
    ],
  );
}
