import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/db.ts';
import type { RunWrite } from '../../platform/write.ts';
import type { LinkSigner } from './exports.links.ts';
import type { ExportMetrics } from './exports.metrics.ts';
import type { ExportStorage } from './exports.storage.ts';

/** Spec, Limits: files kept 24 hours. */
export const DAY_MS = 24 * 3600 * 1000;

export interface ExportsDeps {
  db: Db;
  clock: Clock;
  write: RunWrite;
  storage: ExportStorage;
  links: LinkSigner;
  publicBaseUrl: string;
  /** Compressed bytes after which a new volume starts (tests set it small). */
  volumeBytes?: number;
  /** Counts each build and its duration. */
  metrics: ExportMetrics;
}
