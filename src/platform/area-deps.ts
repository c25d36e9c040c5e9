import type { Clock } from './clock.ts';
import type { Db } from './db/db.ts';
import type { MetricsRegistry } from './metrics.ts';
import type { ReadCache } from './read-cache.ts';
import type { RunWrite } from './write.ts';

/**
 * What every area's module is built from: the database, the clock, the shared write, the kept
 * answers and the registry of the metrics. An area's `<area>.module.ts` takes these (and the
 * other areas' services it needs, by name) and answers its `AreaModule` (platform/area.ts).
 */
export interface AreaDeps {
  db: Db;
  clock: Clock;
  write: RunWrite;
  /** Answers kept between calls while nothing they show changed (the request list and packet, the event log, the limit books). */
  readCache: ReadCache;
  /** Where an area declares its own instruments (`<area>.metrics.ts`), on the runtime's registry. */
  metrics: MetricsRegistry;
}
