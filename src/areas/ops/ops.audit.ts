import type { Db } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { type AuditRow, auditEntriesForOps } from '../../platform/evidence.store.ts';

/** What one entry of the audit trail shows: the evidence chain's entry, its hash links left out. */
export interface AuditEntry {
  seq: number;
  id: string;
  recorded_at: string;
  kind: string;
  actor: Record<string, string>;
  bank_id: string | null;
  plane: string | null;
  subject_type: string | null;
  subject_id: string | null;
  payload: Record<string, unknown>;
}

export interface AuditQuery {
  operator?: string;
  funder?: string;
  kind?: string;
  since?: string;
  until?: string;
  cursor?: string;
  limit?: number;
}

export interface AuditPage {
  entries: AuditEntry[];
  has_more: boolean;
  next_cursor: string | null;
}

export const AUDIT_DEFAULT_LIMIT = 50;

/*
 * The cursor is opaque to its reader: the position in the chain of the page's last entry. The
 * chain only grows and its order never changes, so a walk of the pages sees every entry once,
 * whatever is recorded meanwhile.
 */
const CURSOR_PREFIX = 'audit:';
const encodeCursor = (seq: number) => Buffer.from(`${CURSOR_PREFIX}${seq}`).toString('base64url');

function decodeCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const seq = text.startsWith(CURSOR_PREFIX) ? Number(text.slice(CURSOR_PREFIX.length)) : Number.NaN;
  if (!Number.isSafeInteger(seq) || seq < 0 || encodeCursor(seq) !== cursor) {
    throw new ApiError('cursor_invalid', '`cursor` is not one this list answered.', {
      extra: { field: 'cursor' },
    });
  }
  return seq;
}

function instant(value: string | undefined, field: string): Date | null {
  if (value === undefined) return null;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) {
    throw new ApiError('query_invalid', `${field} must be a date-time such as 2026-12-01T00:00:00Z.`, {
      extra: { field },
    });
  }
  return at;
}

const entryOf = (row: AuditRow): AuditEntry => ({
  seq: Number(row.seq),
  id: row.id,
  recorded_at: row.recorded_at.toISOString(),
  kind: row.kind,
  actor: row.actor,
  bank_id: row.funder_id,
  plane: row.plane,
  subject_type: row.subject_type,
  subject_id: row.subject_id,
  payload: row.payload,
});

/**
 * The audit trail: what operators and funders' keys did, read from the evidence chain, so that
 * every action of one operator (a compromised one, say) is listed by one filter.
 */
export function createAudit({ db }: { db: Db }) {
  return {
    async list(query: AuditQuery): Promise<AuditPage> {
      const limit = query.limit ?? AUDIT_DEFAULT_LIMIT;
      const since = instant(query.since, 'since');
      const until = instant(query.until, 'until');
      const rows = await auditEntriesForOps(db, {
        operator: query.operator ?? null,
        funderId: query.funder ?? null,
        kind: query.kind ?? null,
        since,
        until,
        afterSeq: query.cursor === undefined ? 0 : decodeCursor(query.cursor),
        limit: limit + 1,
      });
      const page = rows.slice(0, limit).map(entryOf);
      const hasMore = rows.length > limit;
      return {
        entries: page,
        has_more: hasMore,
        next_cursor: hasMore ? encodeCursor(page.at(-1)!.seq) : null,
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAudit>;
