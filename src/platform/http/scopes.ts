/**
 * The scopes of the funder API (spec: Authentication) and the sets of them that open its
 * operations. Each route names the set that opens it in its own declaration (`config.scopes`);
 * the auth hook, the OpenAPI document and the tests read it from there. An empty set means any
 * valid key of the funder may call it.
 */
export const SCOPES = [
  'requests:read',
  'limits:read',
  'limits:write',
  'decisions:write',
  'settings:write',
  'statements:write',
  'clients:write',
  'webhooks:write',
  'onboarding:write',
  'exports:write',
] as const;

export type Scope = (typeof SCOPES)[number];

/** The sets of scopes that open operations, by what the operation does. */
export const OPENS = {
  /** Any valid key of the funder. */
  anyKey: [] as readonly Scope[],
  read: ['requests:read'] as readonly Scope[],
  decide: ['decisions:write'] as readonly Scope[],
  settingsWrite: ['settings:write', 'decisions:write'] as readonly Scope[],
  limitsRead: ['limits:read', 'requests:read'] as readonly Scope[],
  limitsWrite: ['limits:write', 'decisions:write'] as readonly Scope[],
  statementsWrite: ['statements:write', 'decisions:write'] as readonly Scope[],
  clientsRead: ['requests:read', 'clients:write', 'decisions:write'] as readonly Scope[],
  clientsWrite: ['clients:write', 'decisions:write'] as readonly Scope[],
  webhooksRead: ['webhooks:write', 'decisions:write', 'requests:read'] as readonly Scope[],
  webhooksWrite: ['webhooks:write', 'decisions:write'] as readonly Scope[],
  onboardingRead: ['onboarding:write', 'decisions:write', 'requests:read'] as readonly Scope[],
  onboardingWrite: ['onboarding:write', 'decisions:write'] as readonly Scope[],
  exportsAny: ['exports:write', 'decisions:write'] as readonly Scope[],
  /** Not given by the spec: a registry look-up reads; any key that may read requests or decide may ask. */
  registryAny: ['requests:read', 'decisions:write'] as readonly Scope[],
} as const;

const read = OPENS.read;
const decide = OPENS.decide;
const settingsWrite = OPENS.settingsWrite;
const limitsRead = OPENS.limitsRead;
const limitsWrite = OPENS.limitsWrite;
const clientsRead = OPENS.clientsRead;
const clientsWrite = OPENS.clientsWrite;
const webhooksRead = OPENS.webhooksRead;
const webhooksWrite = OPENS.webhooksWrite;
const onboardingRead = OPENS.onboardingRead;
const onboardingWrite = OPENS.onboardingWrite;
const exportsAny = OPENS.exportsAny;

/**
 * Routes not yet declaring their scopes (`config.scopes`) are looked up here while the areas
 * move them into their route declarations; an area's entries go when its routes carry them.
 */
export const legacyOperationScopes: Record<string, readonly Scope[]> = {
  'GET /v1/me': [],
  'GET /v1/requests/{id}/documents': read,
  'POST /v1/requests/{id}/announce': decide,
  'GET /v1/requests/{id}/notices': read,
  'GET /v1/requests/{id}/debtors': read,
  'GET /v1/requests/{id}/cash-flow': read,
  'GET /v1/required-documents': read,
  'PUT /v1/required-documents': settingsWrite,
  'GET /v1/settings': read,
  'PUT /v1/settings': settingsWrite,
  'GET /v1/programme': read,
  'PUT /v1/programme': settingsWrite,
  'GET /v1/recourse': read,
  'POST /v1/recourse/{id}/close': decide,
  'GET /v1/bank-data': read,
  'GET /v1/credit-limits': limitsRead,
  'PUT /v1/credit-limits': limitsWrite,
  'POST /v1/credit-limits/import': limitsWrite,
  'GET /v1/seller-limits': limitsRead,
  'PUT /v1/seller-limits': limitsWrite,
  'GET /v1/payer-record': limitsRead,
  'POST /v1/statements': OPENS.statementsWrite,
  'GET /v1/client-links': clientsRead,
  'POST /v1/client-links': clientsWrite,
  'POST /v1/client-links/{id}/disable': clientsWrite,
  'GET /v1/prescribers': clientsRead,
  'POST /v1/prescribers': clientsWrite,
  'POST /v1/prescribers/{id}/disable': clientsWrite,
  'GET /v1/prescribers/report': clientsRead,
  'GET /v1/client-invitations': clientsRead,
  // Not in the spec: revoking an invitation is a write on clients, like disabling a link.
  'POST /v1/client-invitations/{id}/revoke': clientsWrite,
  // Not given by the spec: reading the digest is reading requests-to-be (docs/decisions.md).
  'GET /v1/opportunities': read,
  'GET /v1/webhooks': webhooksRead,
  'POST /v1/webhooks': webhooksWrite,
  'DELETE /v1/webhooks/{id}': webhooksWrite,
  'POST /v1/webhooks/{id}/rotate-secret': webhooksWrite,
  'POST /v1/webhooks/{id}/test': webhooksWrite,
  'GET /v1/webhooks/{id}/deliveries': webhooksRead,
  // Not in the spec: sending a delivery again is a write on the endpoint; reading the event log
  // is reading what the webhooks deliver (docs/decisions.md).
  'POST /v1/webhooks/{id}/deliveries/{delivery_id}/retry': webhooksWrite,
  'GET /v1/events': webhooksRead,
  'POST /v1/onboarding-links': onboardingWrite,
  'GET /v1/onboarding-links': onboardingRead,
  'GET /v1/onboarding-links/{id}': onboardingRead,
  // Not in the spec: revoking a link is a write on onboarding links (docs/decisions.md).
  'POST /v1/onboarding-links/{id}/revoke': onboardingWrite,
  'POST /v1/exports': exportsAny,
  'GET /v1/exports': exportsAny,
  'GET /v1/exports/{id}': exportsAny,
  // Not given by the spec: early payments are read like requests and recorded like decisions.
  'GET /v1/early-payments': read,
  'GET /v1/early-payments/{id}': read,
  'POST /v1/early-payments/{id}/paid': decide,
  'POST /v1/early-payments/{id}/repayment': decide,
  // Sandbox helpers play the other parties and change shared demonstration state.
  'POST /v1/sandbox/requests': decide,
  'POST /v1/sandbox/requests/{id}/accept': decide,
  'POST /v1/sandbox/requests/{id}/debtor-answer': decide,
  'POST /v1/sandbox/requests/{id}/parties': decide,
  'POST /v1/sandbox/statements/{id}/lines/{line}/confirm': decide,
  'POST /v1/sandbox/client-links/{id}/arrivals': decide,
  'POST /v1/sandbox/client-invitations/{id}/accept': decide,
  'POST /v1/sandbox/onboarding-links/{id}/account': onboardingWrite,
  'POST /v1/sandbox/onboarding-links/{id}/complete': onboardingWrite,
  'POST /v1/sandbox/early-payments': decide,
  'POST /v1/sandbox/early-payments/{id}/accept': decide,
  'POST /v1/sandbox/early-payments/{id}/decline': decide,
  'POST /v1/sandbox/early-payments/{id}/withdraw': decide,
  'POST /v1/sandbox/recourse/{id}/repayment': decide,
  'POST /v1/sandbox/requests/{id}/bank-connection': decide,
  'POST /v1/sandbox/requests/{id}/seller-payment': decide,
  'POST /v1/sandbox/clients/{seller_id}/sharing': decide,
  'POST /v1/sandbox/clients/{seller_id}/leave': decide,
  'POST /v1/sandbox/invoices/{id}/ledger-exit': decide,
};

/** Fastify's `/v1/requests/:id` as the table (and OpenAPI) writes it: `/v1/requests/{id}`. */
export const operationKey = (method: string, url: string): string =>
  `${method.toUpperCase()} ${url.replace(/:([A-Za-z_]+)/g, '{$1}')}`;

export const isScope = (value: string): value is Scope => (SCOPES as readonly string[]).includes(value);
