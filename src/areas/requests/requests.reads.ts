import type { AreaDeps } from '../../platform/area-deps.ts';
import { type FunderCaller, type FunderScope, scopeOf } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { type PageMarks, pageOf, readCursor } from '../../platform/pagination.ts';
import type { CacheableAnswer } from '../../platform/read-cache.ts';
import type { SettingsService } from '../settings/settings.module.ts';
import { type ItemWriting, keptListItems, listItemsOf } from './requests.items.ts';
import * as list from './requests.list.store.ts';
import { keptPacket, type PacketWriting } from './requests.packet.ts';
import { isRequestStatus, OPEN_STATUSES, REQUEST_STATUSES, type RequestStatus } from './requests.status.ts';
import * as store from './requests.store.ts';
import { visibleRequestReader } from './requests.visible.ts';

/** What GET /v1/requests is asked. */
type ListQuery = { status?: string; limit?: number; cursor?: string };

/** What GET /v1/requests answers. */
export interface RequestListAnswer extends PageMarks {
  funder: { bank_id: string; name: string };
  count: number;
  /** The items, each already written as JSON (the route splices them into the answer). */
  requests: string[];
}

/** The statuses a list's `status` names: open (the default), all, or one status. */
function statusFilter(status: string): readonly RequestStatus[] {
  if (status === 'open') return OPEN_STATUSES;
  if (status === 'all') return REQUEST_STATUSES;
  if (isRequestStatus(status)) return [status];
  throw new ApiError('status_invalid', `status must be open, all or one of: ${REQUEST_STATUSES.join(', ')}.`);
}

/** What a funder reads about the requests routed to it or acted on by it. */
export function createRequestReads(
  deps: Pick<AreaDeps, 'db' | 'clock'> & {
    settings: Pick<SettingsService, 'policy'>;
  },
) {
  const { db, clock } = deps;

  async function consentPolicy(q: Queryable, scope: FunderScope) {
    return deps.settings.policy(q, scope.funderId, scope.plane);
  }

  /**
   * Requests as list items: each with the funder's latest offer and its debtors' consent. The
   * reads of one answer go one after the other in one transaction (one connection, one role
   * switch) rather than each in its own (bench/README.md, "Request reads").
   */
  async function listItems(q: Queryable, scope: FunderScope, rows: list.RequestListRow[]) {
    const { value, until } = await listItemsOf(q, scope, rows, await consentPolicy(q, scope), clock.now());
    return { value, until };
  }

  /** The request if the caller may see it (routed to it, or acted on by it, on its plane); else 404. */
  async function visible(caller: FunderCaller, id: string, q: Queryable = db): Promise<store.RequestRow> {
    const row = caller.plane === null ? null : await store.findVisibleRequest(q, scopeOf(caller), id);
    if (!row) throw new ApiError('not_found', 'Request was not found.');
    return row;
  }

  return {
    /**
     * GET /v1/requests, as a read the route keeps between calls while no write touches it
     * (platform/read-cache). Its statements are named and read by key: planned once.
     */
    async list(
      caller: FunderCaller,
      query: ListQuery,
      writing: ItemWriting,
    ): Promise<CacheableAnswer<RequestListAnswer>> {
      const filter = query.status ?? 'open';
      const statuses = statusFilter(filter);
      // A cursor is bound to the list and to its status filter.
      const after = readCursor(list.REQUEST_LIST_ORDER, filter, query.cursor);
      const funder = { bank_id: caller.funderId, name: caller.funderName };
      if (caller.plane === null)
        return { answer: { funder, count: 0, requests: [], has_more: false, next_cursor: null } };
      const scope = scopeOf(caller);
      const limit = query.limit ?? 50;
      // The funder's name is in the answer: a renamed funder's is another.
      const key = `requests.list:${filter}:${limit}:${query.cursor ?? ''}:${funder.name}`;
      const read = async (tx: Queryable) => {
        const now = clock.now();
        const rows = await list.listVisibleRequests(tx, scope, statuses, limit + 1, after, now);
        const page = pageOf(list.REQUEST_LIST_ORDER, filter, rows, limit);
        // The policy is read only where an item is built: the page compared the kept ones with it.
        const policy = () => consentPolicy(tx, scope);
        const { value: requests, until } = await keptListItems(tx, scope, page.rows, policy, now, writing);
        const marks = { has_more: page.has_more, next_cursor: page.next_cursor };
        return { value: { funder, count: requests.length, requests, ...marks }, until };
      };
      return { keep: { scope, key, read, options: { planOnce: true } } };
    },

    /**
     * GET /v1/requests/{id}, the underwriting packet: kept between calls as the list is, its
     * statements named and read by key as the list's. A packet whose score is computed on the
     * spot is not kept (`until` now): that score is of its moment.
     */
    async packet(caller: FunderCaller, id: string, writing: PacketWriting): Promise<CacheableAnswer<string>> {
      if (caller.plane === null) throw new ApiError('not_found', 'Request was not found.');
      const scope = scopeOf(caller);
      const read = async (tx: Queryable) =>
        keptPacket(tx, scope, id, () => consentPolicy(tx, scope), clock.now(), writing);
      return { keep: { scope, key: `requests.packet:${id}`, read, options: { planOnce: true } } };
    },

    visible,

    /**
     * One request as a list item (with my_offer and debtor_consent): what the sandbox helpers
     * answer. On a write's transaction (`q`) where it is that write's answer.
     */
    async item(caller: FunderCaller, id: string, q: Queryable = db) {
      const row = await visible(caller, id, q);
      const { value } = await listItems(q, scopeOf(caller), [row]);
      return value[0]!;
    },

    /** For other areas (deal documents, debtors): the visible request, or null. */
    visibleRequest: visibleRequestReader(deps),

    /** The operations team's read of a request's status (their answers show it), or null. */
    async statusForOps(id: string): Promise<RequestStatus | null> {
      return store.statusForOps(db, id);
    },
  };
}
