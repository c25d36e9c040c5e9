import { type FunderCaller, type FunderScope, scopeOf } from '../../platform/caller.ts';
import { actorForCaller, runAs } from '../../platform/db/actor.ts';
import { ApiError } from '../../platform/errors.ts';
import { OUTBOX_KEEP_DAYS } from '../../platform/outbox.ts';
import type { WebhooksDeps } from './webhooks.deps.ts';
import { EVENT_TYPES } from './webhooks.event-types.ts';
import { findEndpoint, listDeliveries, listEndpoints, listEvents } from './webhooks.store.ts';
import { deliveryView, endpointView, ownKeyOf } from './webhooks.views.ts';

/** What the caller reads: its endpoints, an endpoint's delivery log, the event log. */
export function createWebhookReads(deps: Pick<WebhooksDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;
  const read = <T>(caller: FunderCaller, work: (scope: FunderScope) => Promise<T>) => {
    const scope = scopeOf(caller);
    return runAs(actorForCaller(caller), () => work(scope));
  };

  return {
    async list(caller: FunderCaller) {
      const rows = await read(caller, (scope) => listEndpoints(db, scope, ownKeyOf(caller)));
      return {
        count: rows.length,
        webhooks: rows.map(endpointView),
        event_types: EVENT_TYPES.map((entry) => ({ ...entry })),
      };
    },

    async deliveries(caller: FunderCaller, id: string, query: { limit?: number }) {
      const rows = await read(caller, async (scope) => {
        const endpoint = await findEndpoint(db, scope, ownKeyOf(caller), id);
        if (!endpoint) throw new ApiError('not_found', 'The webhook endpoint was not found.');
        return listDeliveries(db, scope, id, query.limit ?? 50);
      });
      return { count: rows.length, deliveries: rows.map(deliveryView) };
    },

    async events(caller: FunderCaller, query: { type?: string; after?: string; limit?: number }) {
      const limit = query.limit ?? 50;
      const since = new Date(clock.now().getTime() - OUTBOX_KEEP_DAYS * 24 * 3600_000);
      const rows = await read(caller, (scope) =>
        listEvents(db, scope, ownKeyOf(caller), {
          since,
          afterSeq: query.after ?? null,
          type: query.type ?? null,
          limit: limit + 1,
        }),
      );
      const page = rows.slice(0, limit);
      return {
        count: page.length,
        events: page.map((row) => ({
          id: row.id,
          type: row.type,
          created_at: new Date(row.created_at).toISOString(),
          api_version: row.api_version,
          data: row.payload,
        })),
        next_cursor: rows.length > limit ? page[page.length - 1]!.seq : null,
        // Where a follower of the log (funder-api listen) resumes once it has read to the end.
        poll_cursor: page.length > 0 ? page[page.length - 1]!.seq : (query.after ?? null),
      };
    },
  };
}
