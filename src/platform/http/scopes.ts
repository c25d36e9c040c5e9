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

/** Fastify's `/v1/requests/:id` as the table (and OpenAPI) writes it: `/v1/requests/{id}`. */
export const operationKey = (method: string, url: string): string =>
  `${method.toUpperCase()} ${url.replace(/:([A-Za-z_]+)/g, '{$1}')}`;

export const isScope = (value: string): value is Scope => (SCOPES as readonly string[]).includes(value);
