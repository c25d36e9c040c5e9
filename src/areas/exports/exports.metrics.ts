import type { MetricsRegistry } from '../../platform/metrics.ts';

/** An export build ended: its files stored and the export ready, or the attempt failed. */
export type ExportBuildOutcome = 'ready' | 'failed';

/** What the export build counts (docs/operations.md, "Metrics"). */
export interface ExportMetrics {
  exportBuilt(outcome: ExportBuildOutcome, seconds: number): void;
}

/** Seconds: from an empty funder's export to one of millions of rows. */
const EXPORT_BUCKETS = [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600];

/** The exports' instruments, declared on the runtime's registry. */
export function exportMetrics(registry: MetricsRegistry): ExportMetrics {
  const builds = registry.histogram({
    name: 'export_build_duration_seconds',
    help: 'Export builds by outcome (ready, failed) and how long each took.',
    labelNames: ['outcome'],
    buckets: EXPORT_BUCKETS,
  });
  return { exportBuilt: (outcome, seconds) => builds.observe({ outcome }, seconds) };
}
