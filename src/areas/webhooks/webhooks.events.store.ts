import type { FunderScope } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { namedStatement, runStatement } from '../../platform/db/statements.ts';

// The funder's event log as GET /v1/events reads it: a page's row and its statements.
export interface EventRow {
  /** The event's place in the funder's own sequence (migration 0070). */
  funder_seq: string;
  id: string;
  type: string;
  api_version: string;
  /** The event's data as JSON, the text PostgreSQL gives of the stored payload (never parsed here). */
  data: string;
  created_at: Date;
  traceparent: string | null;
}

/** Where a page of the event log starts: after a place in the funder's sequence, or (an older cursor) in the platform's. */
export type EventsAfter = { funderSeq: string } | { platformSeq: string } | null;

/** Which filters a page of the event log has: each set of them is a statement of its own. */
interface EventsShape {
  key: boolean;
  after: 'none' | 'funder' | 'platform';
  type: boolean;
}

const EVENT_COLUMNS = [
  'funder_seq',
  'id',
  'type',
  'api_version',
  'data',
  'created_at',
  'traceparent',
] as const;

const shapeName = (shape: EventsShape) =>
  `events_page_${shape.key ? 'key' : 'all'}_${shape.after}_${shape.type ? 'type' : 'any'}`;

/**
 * The statement of one shape of page, named, its filters only those it has: written as `$n IS
 * NULL OR ...` a statement kept on its generic plan read the funder's events by time instead of
 * by sequence (docs/decisions/platform.md, "The hot reads are planned once per connection").
 * Its parameters in order: funder, plane, then the shape's own as listEvents gives them.
 */
function eventsStatement(shape: EventsShape) {
  const filters: string[] = [];
  let n = 2;
  const next = () => `$${++n}`;
  if (shape.key) filters.push(`key_id = ${next()}::uuid`);
  filters.push(`created_at >= ${next()}`);
  if (shape.after === 'funder') filters.push(`funder_seq > ${next()}::bigint`);
  if (shape.after === 'platform') filters.push(`seq > ${next()}::bigint`);
  if (shape.type) filters.push(`type = ${next()}::text`);
  return namedStatement<EventRow>()({
    name: shapeName(shape),
    columns: EVENT_COLUMNS,
    sql: `SELECT funder_seq::text, id::text, type, api_version, payload::text AS data, created_at, traceparent FROM outbox_events_read
      WHERE funder_id = $1 AND plane = $2 AND funder_seq IS NOT NULL AND ${filters.join(' AND ')}
      ORDER BY outbox_events_read.funder_seq LIMIT ${next()}`,
  });
}

/** Every shape's statement, by its name. */
const EVENTS_PAGES = new Map(
  [false, true].flatMap((key) =>
    (['none', 'funder', 'platform'] as const).flatMap((after) =>
      [false, true].map((type) => {
        const statement = eventsStatement({ key, after, type });
        return [statement.name, statement] as const;
      }),
    ),
  ),
);

/**
 * A page of the funder's event log, in the order of its own sequence. Its values become visible
 * in that order only (platform/outbox.ts, takeCursorValues): a page read now never leaves out an
 * event that commits later with a smaller value.
 */
export async function listEvents(
  q: Queryable,
  scope: FunderScope,
  ownKey: string | null,
  filter: { since: Date; after: EventsAfter; type: string | null; limit: number },
) {
  const after = filter.after;
  const shape: EventsShape = {
    key: ownKey !== null,
    after: after === null ? 'none' : 'funderSeq' in after ? 'funder' : 'platform',
    type: filter.type !== null,
  };
  const params: unknown[] = [scope.funderId, scope.plane];
  if (ownKey !== null) params.push(ownKey);
  params.push(filter.since);
  if (after !== null) params.push('funderSeq' in after ? after.funderSeq : after.platformSeq);
  if (filter.type !== null) params.push(filter.type);
  params.push(filter.limit);
  const { rows } = await runStatement(q, EVENTS_PAGES.get(shapeName(shape))!, params);
  return rows;
}
