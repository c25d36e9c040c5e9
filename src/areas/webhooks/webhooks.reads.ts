import { type FunderCaller, type FunderScope, scopeOf } from '../../platform/caller.ts';
import { actorForCaller, runAs } from '../../platform/db/actor.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import type { EventRegistry } from '../../platform/events.ts';
import { OUTBOX_KEEP_DAYS } from '../../platform/outbox.ts';
import { readPage } from '../../platform/pagination.ts';
import type { CacheableAnswer } from '../../platform/read-cache.ts';
import type { WebhooksDeps } from './webhooks.deps.ts';
import { type EventRow, type EventsAfter, listEvents } from './webhooks.events.store.ts';
import { DELIVERY_ORDER, findEndpoint, listDeliveries, listEndpoints } from './webhooks.store.ts';
import { deliveryView, endpointView, ownKeyOf } from './webhooks.views.ts';

/** How far back the event log reaches. */
const LOG_WINDOW_MS = OUTBOX_KEEP_DAYS * 24 * 3600_000;

/** What GET /v1/events answers: each event's `data` as JSON text, which the route writes in as it is. */
export interface EventsAnswer {
  count: number;
  events: {
    id: string;
    type: string;
    created_at: string;
    api_version: string;
    data: string;
    cursor: string;
    traceparent: string | null;
  }[];
  has_more: boolean;
  next_cursor: string | null;
  poll_cursor: string | null;
}

/** The cursor of an event: `e` and its place in the funder's sequence (webhooks.schemas.ts, EventCursor). */
const cursorOf = (row: EventRow) => `e${row.funder_seq}`;

/** Where the page asked for starts; both names of the cursor at once must agree. */
function pageStart(query: { after?: string; cursor?: string }): EventsAfter {
  if (query.after !== undefined && query.cursor !== undefined && query.after !== query.cursor) {
    throw new ApiError(
      'cursor_invalid',
      'Send the cursor as `after` or as `cursor`, not two different ones.',
    );
  }
  const cursor = query.cursor ?? query.after;
  if (cursor === undefined) return null;
  return cursor.startsWith('e') ? { funderSeq: cursor.slice(1) } : { platformSeq: cursor };
}

/** A page of `limit` events from `rows` (read with one more, which says whether a next page exists). */
function eventsAnswer(rows: EventRow[], limit: number, start: string | undefined): EventsAnswer {
  const page = rows.slice(0, limit);
  const last = page.length > 0 ? cursorOf(page[page.length - 1]!) : null;
  const hasMore = rows.length > limit;
  return {
    count: page.length,
    events: page.map((row) => ({
      id: row.id,
      type: row.type,
      created_at: new Date(row.created_at).toISOString(),
      api_version: row.api_version,
      data: row.data,
      cursor: cursorOf(row),
      traceparent: row.traceparent,
    })),
    has_more: hasMore,
    next_cursor: hasMore ? last : null,
    // Where a follower of the log (funder-api listen) resumes once it has read to the end.
    poll_cursor: last ?? start ?? null,
  };
}

/** What the caller reads: its endpoints, an endpoint's delivery log, the event log. */
export function createWebhookReads(deps: Pick<WebhooksDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;
  const read = <T>(caller: FunderCaller, work: (scope: FunderScope) => Promise<T>) => {
    const scope = scopeOf(caller);
    return runAs(actorForCaller(caller), () => work(scope));
  };

  return {
    /** The caller's endpoints, and every event type it may subscribe them to. */
    async list(caller: FunderCaller, eventTypes: EventRegistry) {
      const rows = await read(caller, (scope) => listEndpoints(db, scope, ownKeyOf(caller)));
      return {
        count: rows.length,
        webhooks: rows.map(endpointView),
        event_types: eventTypes.entries.map(({ type, description, emitted }) => ({
          type,
          description,
          emitted,
        })),
      };
    },

    async deliveries(caller: FunderCaller, id: string, query: { limit?: number; cursor?: string }) {
      const limit = query.limit ?? 50;
      // Bound to the endpoint: another endpoint's cursor is not one of this log.
      const page = await readPage(DELIVERY_ORDER, id, { ...query, limit }, (page) =>
        read(caller, async (scope) => {
          const endpoint = await findEndpoint(db, scope, ownKeyOf(caller), id);
          if (!endpoint) throw new ApiError('not_found', 'The webhook endpoint was not found.');
          return listDeliveries(db, scope, id, page);
        }),
      );
      return {
        count: page.rows.length,
        deliveries: page.rows.map(deliveryView),
        has_more: page.has_more,
        next_cursor: page.next_cursor,
      };
    },

    /**
     * GET /v1/events, as a read the route keeps between calls while no event of the funder's
     * plane is added or removed (platform/read-cache) and while none of the page falls out of
     * the log's 30 days: a follower polls it far more often than events come.
     */
    async events(
      caller: FunderCaller,
      query: { type?: string; after?: string; cursor?: string; limit?: number },
    ): Promise<CacheableAnswer<EventsAnswer>> {
      const limit = query.limit ?? 50;
      const ownKey = ownKeyOf(caller);
      const after = pageStart(query);
      const start = query.cursor ?? query.after;
      const page = async (q: Queryable) => {
        const since = new Date(clock.now().getTime() - LOG_WINDOW_MS);
        const rows = await listEvents(q, scopeOf(caller), ownKey, {
          since,
          after,
          type: query.type ?? null,
          limit: limit + 1,
        });
        const oldest = Math.min(...rows.map((row) => new Date(row.created_at).getTime()));
        return { value: eventsAnswer(rows, limit, start), oldest };
      };
      if (caller.plane === null) return { answer: await read(caller, async () => (await page(db)).value) };
      const key = `webhooks.events:${ownKey ?? ''}:${query.type ?? ''}:${start ?? ''}:${limit}`;
      // The cache reads it within the call, as the database actor the call runs as.
      const kept = async (tx: Queryable) => {
        const { value, oldest } = await page(tx);
        // The page reads otherwise once its oldest event is past the log's 30 days.
        return { value, until: Number.isFinite(oldest) ? new Date(oldest + LOG_WINDOW_MS) : null };
      };
      return { keep: { scope: scopeOf(caller), key, read: kept } };
    },
  };
}
