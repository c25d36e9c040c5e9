import { declaredOnce } from './declared-once.ts';
import { type EventType, joinEvents } from './events.ts';
import type { AreaRoutes } from './http/app.ts';
import type { JobHandler } from './jobs.ts';
import type { ScrapeGauge } from './metrics-scrape.store.ts';
import { joinSealed, type SealedColumn } from './sealed.ts';

/**
 * What an area's module answers, the whole face of the area in one typed object:
 *
 * - `name`: the area's folder name;
 * - `services`: what the area publishes, by name (other areas are built on these, the runtime and
 *   the tests call them); no two areas publish the same name;
 * - `routes`: every route the area registers (funder, sandbox and operations routes);
 * - `jobs`: the background jobs it runs, by kind; `recurring`: the kinds among them the worker
 *   schedules when it starts (each reschedules itself);
 * - `beside`: what runs beside each worker's job loop (the webhook dispatcher), a new one per worker;
 * - `events`: the event types it emits (`<area>.events.ts`, platform/events.ts); no two areas
 *   declare the same type;
 * - `sealed`: the columns of its tables holding values sealed under the secrets key, with its own
 *   store functions to read and replace them (platform/sealed.ts), for a rotation of the key;
 * - `scrape`: the gauges read from its tables when `/metrics` is scraped (platform/metrics-scrape.ts);
 *   no two areas declare the same name.
 */
export interface AreaModule<Name extends string = string, Services extends object = object> {
  readonly name: Name;
  readonly services: Services;
  readonly routes: readonly AreaRoutes[];
  readonly jobs?: Readonly<Record<string, JobHandler>>;
  readonly recurring?: readonly string[];
  readonly beside?: readonly (() => BesideWorker)[];
  readonly events?: readonly EventType[];
  readonly sealed?: readonly SealedColumn[];
  readonly scrape?: readonly ScrapeGauge[];
}

/** A loop of an area's own run beside the job worker: started and stopped with it. */
export interface BesideWorker {
  /** Resolves once it runs (for the webhook dispatcher: once it listens for commits). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * An area's module, as it declares itself. A recurring kind the area does not run stops the
 * start: the worker would schedule a job nobody handles.
 */
export function defineArea<const Name extends string, const Services extends object>(
  area: AreaModule<Name, Services>,
): AreaModule<Name, Services> {
  for (const kind of area.recurring ?? []) {
    if (!area.jobs || !Object.hasOwn(area.jobs, kind)) {
      throw new Error(`the area ${area.name} schedules the job kind ${kind} it does not run`);
    }
  }
  return area;
}

type Built = Record<string, AreaModule>;

/**
 * The areas in dependency order, one list: each is built from those before it (by name), so an
 * area can only be given what exists when it is built, and nothing is bound afterwards.
 */
export interface AreaList<B extends Built> {
  add<const M extends AreaModule>(build: (built: B) => M): AreaList<B & { [K in M['name']]: M }>;
  readonly built: B;
}

export function areaList(): AreaList<Record<never, AreaModule>> {
  return listOf({});
}

function listOf<B extends Built>(built: B): AreaList<B> {
  return {
    built,
    add(build) {
      const area = build(built);
      if (Object.hasOwn(built, area.name)) throw new Error(`the area ${area.name} is built twice`);
      return listOf({ ...built, [area.name]: area }) as never;
    },
  };
}

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/** Every service the areas publish, in one object: each area's `services` side by side. */
export type PublishedServices<B extends Built> = UnionToIntersection<B[keyof B]['services']>;

/**
 * What the app and the worker take of the built areas: the services side by side, the routes in
 * `routeOrder` (the published document follows it; it names every area once), the jobs by
 * kind, the event types joined and the sealed columns. A service name, an area, a job kind, an
 * event type or a sealed column declared twice stops the start.
 */
export function joinAreas<B extends Built>(built: B, routeOrder: readonly (keyof B & string)[]) {
  const names = Object.keys(built);
  const missing = names.filter((name) => !routeOrder.includes(name));
  if (missing.length > 0 || routeOrder.length !== names.length) {
    throw new Error(`the route order must name every area once (missing: ${missing.join(', ') || 'none'})`);
  }
  const services: Record<string, unknown> = {};
  for (const area of Object.values(built)) {
    for (const [name, service] of Object.entries(area.services)) {
      if (Object.hasOwn(services, name)) throw new Error(`the service ${name} is published twice`);
      services[name] = service;
    }
  }
  const ordered = routeOrder.map((name) => built[name]!);
  return {
    services: services as PublishedServices<B>,
    routes: ordered.flatMap((area) => area.routes),
    jobs: jobsByKind(...ordered.map((area) => area.jobs)),
    recurring: ordered.flatMap((area) => area.recurring ?? []),
    beside: ordered.flatMap((area) => area.beside ?? []),
    events: joinEvents(ordered.map((area) => area.events)),
    sealed: joinSealed(...ordered.map((area) => area.sealed)),
    scrape: declaredOnce(
      ordered.flatMap((area) => area.scrape ?? []),
      (gauge) => gauge.name,
      'scrape gauge',
    ),
  };
}

/**
 * The job handlers of several parts, by kind. A kind two parts declare stops the start: merged
 * as they come, the later handler would silently replace the earlier one.
 */
export function jobsByKind(
  ...parts: readonly (Readonly<Record<string, JobHandler>> | undefined)[]
): Record<string, JobHandler> {
  const entries = parts.flatMap((jobs) => Object.entries(jobs ?? {}));
  return Object.fromEntries(declaredOnce(entries, ([kind]) => kind, 'job kind'));
}
