/**
 * What `npm run bench` loads after the baseline, and the targets it checks them
 * against: each read's share of the bare SELECT measured in the same run, its p99, and what the
 * second wall (row-level security) costs it (the same read with the policies off).
 */
import type { LoadFigures, LoadMix } from './load.ts';
import { median } from './stats.ts';
import { LIST_PAGE, type Targets } from './targets.ts';

export interface Step {
  /** Stable name the verdicts refer to. */
  id: string;
  target: string;
  url: string;
  headers: Record<string, string>;
  /** Reads of many rows get fewer connections, so none times out on a loaded machine. */
  connections?: number;
  /** Also measured with the policies off. */
  policed?: boolean;
  policiesOff?: boolean;
  before?: () => Promise<void>;
  after?: () => Promise<void>;
  /** Writes of the same funder among the reads (the mixed load). */
  mix?: LoadMix;
}

export interface PlanRow {
  id: string;
  target: string;
  policiesOff: boolean;
  figures: LoadFigures;
}

export function readPlan(base: string, targets: Targets, auth: Record<string, string>): Step[] {
  const read = (id: string, target: string, path: string): Step => ({
    id,
    target,
    url: `${base}${path}`,
    headers: auth,
    connections: 10,
    policed: true,
  });
  return [
    { id: 'health', target: 'GET /v1/health', url: `${base}/v1/health`, headers: {} },
    { id: 'me', target: 'GET /v1/me', url: `${base}/v1/me`, headers: auth },
    read('list-open', `GET /v1/requests (open, ${LIST_PAGE} items)`, `/v1/requests?limit=${LIST_PAGE}`),
    read(
      'list-all',
      `GET /v1/requests (all, ${LIST_PAGE} items)`,
      `/v1/requests?status=all&limit=${LIST_PAGE}`,
    ),
    read('packet', 'GET /v1/requests/{id} (packet)', `/v1/requests/${targets.packetRequestId}`),
    read('events', 'GET /v1/events (100 events)', '/v1/events?limit=100'),
    read('credit-limits-page', 'GET /v1/credit-limits?limit=200 (first page)', '/v1/credit-limits?limit=200'),
    // Last: its calls may outlast the run (bench/README.md, "Request reads").
    read('credit-limits', 'GET /v1/credit-limits (2,000 debtors)', '/v1/credit-limits'),
  ];
}

/** One write for this many reads, in the mixed load. */
export const MIXED_EVERY = 10;

/**
 * The mixed load: the reads a funder's integration polls, each with a write of the same funder
 * after every ten answers (a change of one of its credit limits, the amount alternating, so
 * every write changes what its reads show and no kept answer outlives it for long).
 */
export function mixedPlan(base: string, targets: Targets, auth: Record<string, string>): Step[] {
  const mix: LoadMix = {
    everyReads: MIXED_EVERY,
    method: 'PUT',
    url: `${base}/v1/credit-limits`,
    headers: { ...auth, 'content-type': 'application/json' },
    bodies: [150_000, 150_001].map((amount) =>
      JSON.stringify({ debtor_country: 'ES', debtor_tax_id: 'A00000001', amount }),
    ),
  };
  const mixed = (id: string, target: string, path: string): Step => ({
    id: `mixed-${id}`,
    target: `${target}, 1 write / ${MIXED_EVERY} reads`,
    url: `${base}${path}`,
    headers: auth,
    connections: 10,
    mix,
  });
  return [
    mixed('list-open', `GET /v1/requests (open, ${LIST_PAGE} items)`, `/v1/requests?limit=${LIST_PAGE}`),
    mixed('packet', 'GET /v1/requests/{id} (packet)', `/v1/requests/${targets.packetRequestId}`),
    mixed('events', 'GET /v1/events (100 events)', '/v1/events?limit=100'),
    mixed('credit-limits-page', 'GET /v1/credit-limits?limit=200', '/v1/credit-limits?limit=200'),
  ];
}

type TargetSet = Record<string, { ratio: number; p99?: number }>;

/**
 * The targets on PostgreSQL: share of bare at least `ratio`, p99 under `p99` ms. With answers
 * kept (issue 26's, and issue 45's first page of the limit book and mixed list); with every read
 * made (`--read-cache off`, issue 45's).
 */
const TARGETS: Record<'on' | 'off', TargetSet> = {
  on: {
    me: { ratio: 0.6, p99: 25 },
    'list-open': { ratio: 0.25, p99: 50 },
    'list-all': { ratio: 0.25, p99: 50 },
    packet: { ratio: 0.25 },
    'credit-limits': { ratio: 0.1 },
    'credit-limits-page': { ratio: 0.1 },
    events: { ratio: 0.1 },
    'mixed-list-open': { ratio: 0.1 },
  },
  off: {
    me: { ratio: 0.7 },
    'list-open': { ratio: 0.15 },
    'list-all': { ratio: 0.15 },
    packet: { ratio: 0.2 },
    events: { ratio: 0.25 },
    'credit-limits-page': { ratio: 0.1 },
    'mixed-list-open': { ratio: 0.1 },
  },
};
/** The second wall costs each read at most this share of its throughput. */
const MAX_RLS_COST = 0.15;
/** On the embedded database: the list at least this share of its own bare SELECT. */
const EMBEDDED_LIST_RATIO = 0.2;

export const TARGET_RSS_MB = 200;

const pct = (value: number) => `${Math.round(value * 100)}%`;
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

/**
 * Each target's verdict from the rounds of one run: every round's ratio is to that round's own
 * bare SELECT, and a figure's verdict is its median over the rounds (each round's value shown
 * beside it when there are several), so a machine whose speed drifts from one minute to the next
 * weighs on the baseline and the read alike.
 */
export function printVerdicts(
  kind: 'pglite' | 'postgres',
  readCache: 'on' | 'off',
  rounds: readonly (readonly PlanRow[])[],
  print: (line: string) => void,
) {
  const perRound = (figure: (rows: readonly PlanRow[]) => number | null): number[] =>
    rounds.map(figure).filter((value): value is number => value !== null);
  const shown = (values: readonly number[], format: (value: number) => string) =>
    values.length > 1 ? ` (rounds: ${values.map(format).join(', ')})` : '';
  const bare = (rows: readonly PlanRow[]) => rows.find((r) => r.id === 'bare')!.figures.requestsPerSecond;
  const on = (rows: readonly PlanRow[], id: string) => rows.find((r) => r.id === id && !r.policiesOff);
  const off = (rows: readonly PlanRow[], id: string) => rows.find((r) => r.id === id && r.policiesOff);
  const ratioOf = (id: string) =>
    perRound((rows) => {
      const row = on(rows, id);
      return row ? row.figures.requestsPerSecond / bare(rows) : null;
    });
  print(
    kind === 'postgres'
      ? `targets (PostgreSQL)${rounds.length > 1 ? `, medians of ${rounds.length} rounds` : ''}:`
      : 'targets (set for PostgreSQL; shown for reference):',
  );
  for (const [id, target] of Object.entries(TARGETS[readCache])) {
    const ratios = ratioOf(id);
    if (ratios.length === 0) continue;
    const ratio = median(ratios);
    const name = on(rounds[0]!, id)!.target;
    const parts = [
      `${name}: ${pct(ratio)} of bare (>= ${pct(target.ratio)}) ${verdict(ratio >= target.ratio)}${shown(ratios, pct)}`,
    ];
    if (target.p99 !== undefined) {
      const p99s = perRound((rows) => on(rows, id)?.figures.latencyP99 ?? null);
      const p99 = median(p99s);
      parts.push(
        `p99 ${p99} ms (< ${target.p99}) ${verdict(p99 < target.p99)}${shown(p99s, (v) => `${v} ms`)}`,
      );
    }
    const costs = perRound((rows) => {
      const [policed, without] = [on(rows, id), off(rows, id)];
      return policed && without
        ? 1 - policed.figures.requestsPerSecond / without.figures.requestsPerSecond
        : null;
    });
    if (costs.length > 0) {
      const cost = median(costs);
      parts.push(
        `second wall costs ${pct(cost)} (<= ${pct(MAX_RLS_COST)}) ${verdict(cost <= MAX_RLS_COST)}${shown(costs, pct)}`,
      );
    }
    print(`  ${parts.join('; ')}`);
  }
  if (kind === 'pglite') {
    const ratios = ratioOf('list-all');
    if (ratios.length > 0) {
      const ratio = median(ratios);
      print(
        `  embedded: ${on(rounds[0]!, 'list-all')!.target} ${pct(ratio)} of its own bare SELECT ` +
          `(>= ${pct(EMBEDDED_LIST_RATIO)}) ${verdict(ratio >= EMBEDDED_LIST_RATIO)}${shown(ratios, pct)}`,
      );
    }
  }
}
