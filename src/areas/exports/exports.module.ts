import { createHmac } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { type ExportMetrics, NO_METRICS } from '../../platform/metrics.ts';
import { linkSigner } from './exports.links.ts';
import { exportsRoutes } from './exports.routes.ts';
import { createExportsService } from './exports.service.ts';
import { exportStorageFrom } from './exports.storage.ts';

/** What the exports area reads from the configuration and the service's secrets. */
export interface ExportsSettings {
  config: Pick<Config, 'exportStorageUrl' | 'dataDir' | 'exportVolumeBytes'>;
  secretsKey: Buffer;
}

/** The funder's exports: service, routes, and the worker's jobs (build, delete after 24 hours). */
export function exportsModule(
  deps: AreaDeps & { publicBaseUrl: string; settings: ExportsSettings; metrics?: ExportMetrics },
) {
  const { config, secretsKey } = deps.settings;
  const exports = createExportsService({
    ...deps,
    storage: exportStorageFrom({ url: config.exportStorageUrl, dataDir: config.dataDir }),
    // Links are signed with a key of their own, derived from the secrets key every server shares.
    links: linkSigner(createHmac('sha256', secretsKey).update('export-download-links').digest()),
    volumeBytes: config.exportVolumeBytes,
    metrics: deps.metrics ?? NO_METRICS,
  });
  const routes: AreaRoutes[] = [exportsRoutes({ exports })];
  return { exports, routes, jobs: exports.jobs };
}

export type { ExportsService } from './exports.service.ts';
