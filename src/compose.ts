// The composition root of the areas: each area's module is built from the shared deps and the
// services of the areas it declares, in dependency order, so no dependency is bound late.
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
import { recourseModule } from './areas/recourse/recourse.module.ts';
import { registryModule } from './areas/registry/registry.module.ts';
import {
  createRequestLifecycle,
  requestsModule,
  visibleRequestReader,
} from './areas/requests/requests.module.ts';
import { sandboxModule } from './areas/sandbox/sandbox.module.ts';
import { settingsModule } from './areas/settings/settings.module.ts';
import { statementsModule } from './areas/statements/statements.module.ts';
import { webhooksModule } from './areas/webhooks/webhooks.module.ts';
import { type AreaDeps, type AreaParts, jobsByKind } from './platform/area-deps.ts';
import type { Clock } from './platform/clock.ts';
import type { SecretBox } from './platform/crypto.ts';
import type { Db } from './platform/db/db.ts';
import type { ExportMetrics, ReadCacheMetrics } from './platform/metrics.ts';
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
  /** What the areas count (the runtime's metrics): export builds. */
  metrics?: ExportMetrics & ReadCacheMetrics;
}

/**
 * The areas a request's life runs through, in dependency order: accounts, parties, settings,
 * documents, programme and disclosure, clients, the requests themselves, limits, bank data and
 * decisions. The other areas are built on these.
 */
function requestAreas(shared: AreaDeps, deps: ServiceDeps) {
  const accountArea = accountModule({ ...shared, countOnLookup: deps.countOnLookup });
  const partiesArea = partiesModule(shared);
  const settingsArea = settingsModule(shared);
  const { settings } = settingsArea;
  const documentsArea = documentsModule({
    ...shared,
    publicBaseUrl: deps.publicBaseUrl,
    visibleRequest: visibleRequestReader(shared),
  });
  const { documents } = documentsArea;
  // The one owner of a request's status, made first: the disclosure area is built on it, and the
  // requests module takes both.
  const lifecycle = createRequestLifecycle();
  const programmeArea = programmeModule(shared);
  const { programme } = programmeArea;
  const disclosureArea = disclosureModule({ ...shared, lifecycle });
  const { disclosure } = disclosureArea;
  const clientsArea = clientsModule({ ...shared, ...deps });
  const { clients } = clientsArea;
  const requestsArea = requestsModule({
    ...shared,
    lifecycle,
    settings,
    documents,
    programme,
    clientOwnerOf: clients.clientOwnerOf,
    disclosure: disclosureArea.steps,
  });
  const { requests, payments } = requestsArea;
  const limitsArea = limitsModule(shared);
  const { limits } = limitsArea;
  const bankDataArea = bankDataModule({ ...shared, requests });
  const decisionsArea = decisionsModule({
    ...shared,
    lifecycle,
    payments,
    settings,
    documents,
    offerGuards: [limits.offerGuard],
    disclosure,
    bankData: bankDataArea.bankData,
  });
  return {
    accountArea,
    partiesArea,
    settingsArea,
    documentsArea,
    lifecycle,
    programmeArea,
    disclosureArea,
    clientsArea,
    requestsArea,
    limitsArea,
    bankDataArea,
    decisionsArea,
  };
}

/** The demonstration plane, which the demo area plays through the other areas' services. */
function demonstration(
  shared: AreaDeps,
  core: ReturnType<typeof requestAreas>,
  more: {
    earlyPaymentsArea: ReturnType<typeof earlyPaymentsModule>;
    recourseArea: ReturnType<typeof recourseModule>;
    opportunitiesArea: ReturnType<typeof opportunitiesModule>;
  },
) {
  const { programme } = core.programmeArea;
  const { disclosure } = core.disclosureArea;
  const requestParties = core.requestsArea.parties;
  return demoModule({
    ...shared,
    account: core.accountArea.account,
    documents: core.documentsArea.documents,
    parties: requestParties,
    decisions: core.decisionsArea.decisions,
    settings: core.settingsArea.settings,
    limits: core.limitsArea.limits,
    programmeDemo: { programme, disclosure },
    earlyPaymentsDemo: more.earlyPaymentsArea.earlyPayments,
    recourseDemo: { programme, disclosure, recourse: more.recourseArea.recourse },
    bankDataDemo: true,
    opportunitiesDemo: {
      opportunities: more.opportunitiesArea.opportunities,
      invitations: core.clientsArea.clients.invitations,
      parties: core.partiesArea.parties,
      createRequest: requestParties.createRequest,
    },
  });
}

/**
 * The composition root: each area's module builds its services (and routes) from the shared
 * deps and the other areas' services it names, in dependency order, so nothing is bound late.
 */
export function createServices(deps: ServiceDeps) {
  const write = createWriter(deps);
  const readCache = createReadCache({
    db: deps.db,
    clock: deps.clock,
    mode: deps.readCacheMode,
    metrics: deps.metrics,
  });
  const shared = { db: deps.db, clock: deps.clock, write, readCache };
  const core = requestAreas(shared, deps);
  const { accountArea, partiesArea, documentsArea, lifecycle, clientsArea, requestsArea, decisionsArea } =
    core;
  const { account } = accountArea;
  const { settings } = core.settingsArea;
  const { documents } = documentsArea;
  const { programme } = core.programmeArea;
  const { disclosure } = core.disclosureArea;
  const { clients } = clientsArea;
  const { requests, parties: requestParties, payments } = requestsArea;
  const { limits } = core.limitsArea;
  const bankDataArea = core.bankDataArea;
  const { decisions, consentLevel } = decisionsArea;
  const debtorInfoArea = debtorInfoModule({ ...shared, requests, creditLimitOf: limits.debtorLimitView });
  const payerRecordArea = payerRecordModule({ ...shared, creditLimitOf: limits.debtorLimitView });
  const statementsArea = statementsModule({ ...shared, requests: lifecycle, payments });
  // Recourse claims hear of every payment recorded and record the seller's repayments through
  // the same recorder; a claim names the funder's collection account, else its latest
  // statement's account.
  const recourseArea = recourseModule({
    ...shared,
    lifecycle,
    payments,
    accounts: {
      collectionIban: (q, scope) => bankDataArea.bankData.collectionIban(q, scope),
      statementIban: (q, scope) => statementsArea.statements.latestAccountIban(q, scope),
    },
  });
  const { recourse } = recourseArea;
  const opportunitiesArea = opportunitiesModule(shared);
  const sandboxArea = sandboxModule({
    ...shared,
    requests,
    lifecycle,
    parties: requestParties,
    documents,
    settings,
    programme,
    disclosure,
    recourse,
    opportunities: opportunitiesArea.opportunities,
    receivables: lifecycle.receivables,
  });
  const webhooksArea = webhooksModule({
    ...shared,
    secrets: deps.secrets,
    allowLoopback: deps.allowLoopback,
  });
  const exportsArea = exportsModule({
    ...shared,
    publicBaseUrl: deps.publicBaseUrl,
    settings: deps.exports,
    metrics: deps.metrics,
  });
  const registryArea = registryModule(shared);
  const earlyPaymentsArea = earlyPaymentsModule(shared);
  const demoArea = demonstration(shared, core, { earlyPaymentsArea, recourseArea, opportunitiesArea });
  const { sandbox } = sandboxArea;
  const { demo } = demoArea;
  const opsArea = opsModule(shared);
  // The order the app registers the areas' routes in (the published document follows it).
  const registered: AreaParts[] = [
    accountArea,
    demoArea,
    opsArea,
    partiesArea,
    documentsArea,
    core.settingsArea,
    requestsArea,
    sandboxArea,
    debtorInfoArea,
    payerRecordArea,
    statementsArea,
    decisionsArea,
    core.limitsArea,
    core.programmeArea,
    core.disclosureArea,
    recourseArea,
    webhooksArea,
    clientsArea,
    exportsArea,
    registryArea,
    earlyPaymentsArea,
    bankDataArea,
    opportunitiesArea,
  ];
  return {
    write,
    account,
    limits,
    demo,
    parties: partiesArea.parties,
    documents,
    settings,
    requests,
    requestParties,
    decisions,
    consentLevel,
    sandbox,
    programme,
    disclosure,
    recourse,
    debtorInfo: debtorInfoArea.debtorInfo,
    payerRecord: payerRecordArea.payerRecord,
    statements: statementsArea.statements,
    webhooks: webhooksArea.webhooks,
    clients,
    exports: exportsArea.exports,
    opportunities: opportunitiesArea.opportunities,
    registry: registryArea.registry,
    earlyPayments: earlyPaymentsArea.earlyPayments,
    bankData: bankDataArea.bankData,
    bankDataParties: bankDataArea.parties,
    audit: opsArea.audit,
    /** Each area's routes, in the order the app registers them. */
    routes: registered.flatMap((area) => area.routes),
    /** The areas' background jobs, by kind. */
    areaJobs: jobsByKind(...registered.map((area) => area.jobs)),
    /** Area jobs that recur: scheduled when the worker starts, each rescheduling itself. */
    recurringJobs: registered.flatMap((area) => area.recurring ?? []),
  };
}

export type Services = ReturnType<typeof createServices>;
