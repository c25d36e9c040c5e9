import type { Clock } from './clock.ts';
import type { Db } from './db/db.ts';
import type { AreaRoutes } from './http/app.ts';
import type { JobHandler } from './jobs.ts';
import type { ReadCache } from './read-cache.ts';
import type { RunWrite } from './write.ts';

/**
 * What every area's module is built from: the database, the clock, the shared write and the kept answers. An
 * area's `<area>.module.ts` takes these (and the other areas' services it needs, by name) and
 * answers its services and its routes, so the composition root only lists areas in order.
 */
export interface AreaDeps {
  db: Db;
  clock: Clock;
  write: RunWrite;
  /** Answers kept between calls while nothing they show changed (the request list and packet, the event log, the limit books). */
  readCache: ReadCache;
}

/**
 * What every area's module answers beside its services: its routes, and the background jobs it
 * runs by kind (`recurring` jobs are scheduled when the worker starts and reschedule themselves).
 */
export interface AreaParts {
  routes: AreaRoutes[];
  jobs?: Record<string, JobHandler>;
  recurring?: string[];
}

/**
 * The job handlers of several parts, by kind. A kind two parts declare stops the start: merged
 * as they come, the later handler would silently replace the earlier one.
 */
export function jobsByKind(
  ...parts: readonly (Record<string, JobHandler> | undefined)[]
): Record<string, JobHandler> {
  const handlers: Record<string, JobHandler> = {};
  for (const jobs of parts) {
    for (const [kind, handler] of Object.entries(jobs ?? {})) {
      if (Object.hasOwn(handlers, kind)) throw new Error(`the job kind ${kind} is declared twice`);
      handlers[kind] = handler;
    }
  }
  return handlers;
}
