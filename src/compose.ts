// The composition root of the areas: one list, in dependency order, each area built from the shared
// deps and the areas before it, so nothing is bound late; what the app and the worker take of them
// is derived from that list.
import { accountModule } from './areas/account/account.module.ts';
import { bankDataModule } from './areas/bank-data/bank-data.module.ts';
import { clientsModule } from './areas/clients/clients.module.ts';
import { debtorInfoModule } from './areas/debtor-info/debtor-info.module.ts';
import { decisionsModule } from './areas/decisions/decisions.module.ts';
import { demoModule } from './areas/demo/demo.module.ts';
import { disclosureModule } from './areas/disclosure/disclosure.module.ts';
import { documentsModule } from './areas/documents/documents.module.ts';
import { earlyPaymentsModule } from './areas/early-payments/early-payments.module.ts';
import { type ExportsSettings, exportsModule } from './areas/exports/exports.module.ts';
import { limitsModule } from './areas/limits/limits.module.ts';
import { opportunitiesModule } from './areas/opportunities/opportunities.module.ts';
import { opsModule } from './areas/ops/ops.module.ts';
import { partiesModule } from './areas/parties/parties.module.ts';
import { payerRecordModule } from './areas/payer-record/payer-record.module.ts';
import { programmeModule } from './areas/programme/programme.module.ts';
import { claimsPaymentObserver, recourseModule } from './areas/recourse/recourse.module.ts';
import { registryModule } from './areas/registry/registry.module.ts';
import {
  createRequestLifecycle,
  requestsModule,
  visibleRequestReader,
} from './areas/requests/requests.module.ts';
import { sandboxModule } from './areas/sandbox/sandbox.module.ts';
import { readPolicy, settingsModule } from './areas/settings/settings.module.ts';
import { statementsModule } from './areas/statements/statements.module.ts';
import { type DispatchSettings, webhooksModule } from './areas/webhooks/webhooks.module.ts';
import { areaList, joinAreas } from './platform/area.ts';
import type { AreaDeps } from './platform/area-deps.ts';
import type { Clock } from './platform/clock.ts';
import type { SecretBox } from './platform/crypto.ts';
import type { Db } from './platform/db/db.ts';
import { type MetricsRegistry, NO_METRICS, type ReadCacheMetrics } from './platform/metrics.ts';
import type { RateCounter } from './platform/rate-limit.ts';
import { createReadCache, type ReadCacheMode } from './platform/read-cache.ts';
import { createWriter } from './platform/write.ts';

interface ServiceDeps {
  db: Db;
  clock: Clock;
  publicBaseUrl: string;
  countOnLookup: boolean;
  secrets: SecretBox;
  allowLoopback: boolean;
  rateCounter: RateCounter;
  readCacheMode: ReadCacheMode;
  exports: ExportsSettings;
  /** What the webhook dispatcher runs with: the runtime's log, LISTEN URL and bounds. */
  dispatch: DispatchSettings;
  /** The runtime's metrics: the kept answers counted, and where the areas declare their own. */
  metrics?: ReadCacheMetrics & MetricsRegistry;
}

/**
 * Every area, in dependency order: each builder is handed the areas built before it, by name.
 * The request lifecycle (the one owner of a request's status) is made before the list: the
 * disclosure area is built on it, and the requests area takes both.
 */
function buildAreas(shared: AreaDeps, deps: ServiceDeps) {
  const lifecycle = createRequestLifecycle({ clock: shared.clock, policy: readPolicy });
  return areaList()
    .add(() => accountModule({ ...shared, countOnLookup: deps.countOnLookup }))
    .add(() => partiesModule(shared))
    .add(() => settingsModule(shared))
    .add(() =>
      documentsModule({
        ...shared,
        publicBaseUrl: deps.publicBaseUrl,
        visibleRequest: visibleRequestReader(shared),
      }),
    )
    .add(() => programmeModule(shared))
    .add(() => disclosureModule({ ...shared, lifecycle }))
    .add(() => clientsModule({ ...shared, secrets: deps.secrets, publicBaseUrl: deps.publicBaseUrl }))
    .add((a) =>
      requestsModule({
        ...shared,
        lifecycle,
        settings: a.settings.services.settings,
        documents: a.documents.services.documents,
        programme: a.programme.services.programme,
        clientOwnerOf: a.clients.services.clients.clientOwnerOf,
        disclosure: a.disclosure.services.disclosureSteps,
        // Recourse claims hear of every payment, inside its write.
        paymentObservers: [claimsPaymentObserver()],
      }),
    )
    .add(() => limitsModule(shared))
    .add((a) => bankDataModule({ ...shared, requests: a.requests.services.requests }))
    .add((a) =>
      decisionsModule({
        ...shared,
        lifecycle,
        payments: a.requests.services.payments,
        settings: a.settings.services.settings,
        documents: a.documents.services.documents,
        offerGuards: [a.limits.services.limits.offerGuard],
        disclosure: a.disclosure.services.disclosure,
        bankData: a['bank-data'].services.bankData,
      }),
    )
    .add((a) =>
      debtorInfoModule({
        ...shared,
        requests: a.requests.services.requests,
        creditLimitOf: a.limits.services.limits.debtorLimitView,
      }),
    )
    .add((a) => payerRecordModule({ ...shared, creditLimitOf: a.limits.services.limits.debtorLimitView }))
    .add((a) => statementsModule({ ...shared, requests: lifecycle, payments: a.requests.services.payments }))
    .add((a) => recourseModule({ ...shared, lifecycle, payments: a.requests.services.payments }))
    .add(() => opportunitiesModule(shared))
    .add((a) =>
      sandboxModule({
        ...shared,
        requests: a.requests.services.requests,
        lifecycle,
        parties: a.requests.services.requestParties,
        documents: a.documents.services.documents,
        settings: a.settings.services.settings,
        programme: a.programme.services.programme,
        disclosure: a.disclosure.services.disclosure,
        recourse: a.recourse.services.recourse,
        opportunities: a.opportunities.services.opportunities,
        receivables: lifecycle.receivables,
      }),
    )
    .add(() =>
      webhooksModule({
        ...shared,
        secrets: deps.secrets,
        allowLoopback: deps.allowLoopback,
        dispatch: deps.dispatch,
      }),
    )
    .add(() =>
      exportsModule({
        ...shared,
        publicBaseUrl: deps.publicBaseUrl,
        settings: deps.exports,
      }),
    )
    .add(() => registryModule(shared))
    .add(() => earlyPaymentsModule(shared))
    .add((a) => {
      // The demonstration plane, played through the other areas' services.
      const { programme } = a.programme.services;
      const { disclosure } = a.disclosure.services;
      const { requestParties } = a.requests.services;
      return demoModule({
        ...shared,
        account: a.account.services.account,
        documents: a.documents.services.documents,
        parties: requestParties,
        decisions: a.decisions.services.decisions,
        settings: a.settings.services.settings,
        limits: a.limits.services.limits,
        programmeDemo: { programme, disclosure },
        earlyPaymentsDemo: a['early-payments'].services.earlyPayments,
        recourseDemo: { programme, disclosure, recourse: a.recourse.services.recourse },
        opportunitiesDemo: {
          opportunities: a.opportunities.services.opportunities,
          invitations: a.clients.services.clients.invitations,
          parties: a.parties.services.parties,
          createRequest: requestParties.createRequest,
        },
      });
    })
    .add(() => opsModule(shared)).built;
}

/**
 * The order the app registers the areas' routes in: the published document follows it. It names
 * every area once (joinAreas checks).
 */
const ROUTE_ORDER = [
  'account',
  'demo',
  'ops',
  'parties',
  'documents',
  'settings',
  'requests',
  'sandbox',
  'debtor-info',
  'payer-record',
  'statements',
  'decisions',
  'limits',
  'programme',
  'disclosure',
  'recourse',
  'webhooks',
  'clients',
  'exports',
  'registry',
  'early-payments',
  'bank-data',
  'opportunities',
] as const;

/**
 * The composition root: the areas built from one list (`buildAreas`), and what the app and the
 * worker take of them derived from it: every published service by name, the routes in
 * `ROUTE_ORDER`, the jobs by kind, the recurring kinds, what runs beside the worker, the event
 * types and the sealed columns.
 */
export function createServices(deps: ServiceDeps) {
  const write = createWriter(deps);
  const readCache = createReadCache({
    db: deps.db,
    clock: deps.clock,
    mode: deps.readCacheMode,
    metrics: deps.metrics,
  });
  const areas = joinAreas(
    buildAreas(
      { db: deps.db, clock: deps.clock, write, readCache, metrics: deps.metrics ?? NO_METRICS },
      deps,
    ),
    ROUTE_ORDER,
  );
  return {
    write,
    ...areas.services,
    /** Each area's routes, in the order the app registers them. */
    routes: areas.routes,
    /** The areas' background jobs, by kind. */
    areaJobs: areas.jobs,
    /** Area jobs that recur: scheduled when the worker starts, each rescheduling itself. */
    recurringJobs: areas.recurring,
    /** What runs beside each worker's job loop (the webhook dispatcher), a new one per worker. */
    besideWorker: areas.beside,
    /** The event types the areas emit, joined: what endpoints subscribe to, the document's `webhooks`. */
    events: areas.events,
    /** The areas' sealed columns, for a rotation of the secrets key (platform/secrets-rotation.ts). */
    sealed: areas.sealed,
    /** The areas' gauges read when `/metrics` is scraped. */
    scrape: areas.scrape,
  };
}

export type Services = ReturnType<typeof createServices>;
