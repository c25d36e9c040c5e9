import type { FunderScope } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { type NoRow, namedStatement, runStatement } from '../../platform/db/statements.ts';
import { counselRequired } from '../settings/settings.module.ts';
import { visibleToFunder } from './requests.visibility.ts';

// The kept underwriting packets (migration 0076): read with the request's visibility, written back.

/** A visible request's kept packet row: its stamp, the packet while it holds (else null), its flip. */
export interface KeptPacketRow {
  stamp: string | null;
  packet: string | null;
  flips_at: Date | null;
}

/**
 * The request (`$3`) if the funder may see it, checked on the base tables (visibleToFunder), with
 * its kept packet where that packet is still the one to show: written at the row's stamp, under
 * the funder's consent policy of now (read here as the settings give it), as it reads at `$4`
 * (before its own next change, or after it where that was written). No row: not visible.
 */
const KEPT_PACKET = namedStatement<KeptPacketRow>()({
  name: 'request_kept_packet',
  columns: ['stamp', 'packet', 'flips_at'],
  sql: `SELECT k.stamp::text AS stamp,
            CASE WHEN k.packet_stamp IS DISTINCT FROM k.stamp
                   OR k.packet_counsel IS DISTINCT FROM (${counselRequired('$1', '$2')}) THEN NULL
                 WHEN k.packet_flips_at IS NULL OR k.packet_flips_at > $4::timestamptz THEN k.packet
                 ELSE k.packet_after END AS packet,
            k.packet_flips_at AS flips_at
       FROM funding_requests f
       LEFT JOIN funder_request_items k ON k.funder_id = $1 AND k.request_id = f.id AND k.plane = $2
      WHERE f.id = $3 AND f.plane = $2 AND ${visibleToFunder('f', '$1')}`,
});

/** The request's kept packet row if the funder may see the request; null if it may not. */
export async function keptPacketOf(
  q: Queryable,
  scope: FunderScope,
  id: string,
  now: Date,
): Promise<KeptPacketRow | null> {
  const { rows } = await runStatement(q, KEPT_PACKET, [scope.funderId, scope.plane, id, now]);
  return rows[0] ?? null;
}

/** A packet written to keep: at the stamp read before it was built, as of no moment. */
export interface PacketToKeep {
  id: string;
  stamp: string;
  counsel: boolean;
  packet: string;
  /** The packet once `flipsAt` has passed (null: not written, built again then). */
  after: string | null;
  flipsAt: Date | null;
}

const KEEP_PACKET = namedStatement<NoRow>()({
  name: 'request_keep_packet',
  columns: [],
  sql: `UPDATE funder_request_items
        SET packet = $5, packet_after = $6, packet_stamp = $4::bigint, packet_counsel = $7, packet_flips_at = $8
      WHERE funder_id = $1 AND plane = $2 AND request_id = $3 AND stamp = $4::bigint
        AND request_id IN (SELECT l.request_id FROM funder_request_items l
                            WHERE l.funder_id = $1 AND l.request_id = $3 FOR UPDATE SKIP LOCKED)`,
});

/**
 * Keeps a packet built for the funder where its row's stamp is still the one read before it was
 * built (a write since has a newer one); a row a running write holds is skipped.
 */
export async function keepPacket(q: Queryable, scope: FunderScope, packet: PacketToKeep): Promise<void> {
  await runStatement(q, KEEP_PACKET, [
    scope.funderId,
    scope.plane,
    packet.id,
    packet.stamp,
    packet.packet,
    packet.after,
    packet.counsel,
    packet.flipsAt,
  ]);
}
