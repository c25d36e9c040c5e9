import type { Config } from '../../config.ts';
import { defineArea } from '../../platform/area.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { exportsEvents } from './exports.events.ts';
import { createExportsJobs } from './exports.jobs.ts';
import { linkSignerOfSecrets } from './exports.links.ts';
import { exportMetrics } from './exports.metrics.ts';
import { exportsRoutes } from './exports.routes.ts';
import { createExportsService } from './exports.service.ts';
import { exportStorageFrom } from './exports.storage.ts';

/** What the exports area reads from the configuration and the service's secrets. */
export interface ExportsSettings {
  config: Pick<Config, 'exportStorageUrl' | 'dataDir' | 'exportVolumeBytes'>;
  secretsKey: Buffer;
  /** During a rotation, the key being replaced: links signed under it are still accepted. */
  previousSecretsKey?: Buffer | null;
}

/** The funder's exports: service, routes, and the worker's jobs (build, delete after 24 hours). */
export function exportsModule(deps: AreaDeps & { publicBaseUrl: string; settings: ExportsSettings }) {
  const { config, secretsKey, previousSecretsKey } = deps.settings;
  const exportsDeps = {
    ...deps,
    storage: exportStorageFrom({ url: config.exportStorageUrl, dataDir: config.dataDir }),
    links: linkSignerOfSecrets(secretsKey, previousSecretsKey ?? null),
    volumeBytes: config.exportVolumeBytes,
    metrics: exportMetrics(deps.metrics),
  };
  const exports = createExportsService(exportsDeps);
  const routes: AreaRoutes[] = [exportsRoutes({ exports })];
  return defineArea({
    name: 'exports',
    events: exportsEvents,
    services: { exports },
    routes,
    jobs: createExportsJobs(exportsDeps),
  });
}

export type { ExportsService } from './exports.service.ts';
