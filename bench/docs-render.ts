/**
 * How fast the reference page at /docs renders in Debian's chromium (headless): the time from
 * navigation to the navigation pane shown, and to the first operation's content shown, plus the
 * bytes the page transferred, cold (a fresh browser context: empty cache) and warm (a second
 * load in the same context).
 *
 *   node bin/run-ts.mjs bench/docs-render.ts [--runs 7] [--url http://host:port] [--trace out.json]
 *     [--profile out.cpuprofile] [--document file.json]
 *
 * Without --url it starts the service on an embedded database in a temporary folder. --trace
 * writes a Chrome trace of one more cold load and prints where its main thread spent the time;
 * --profile does the same with a JavaScript CPU profile; with --deep both take the cold deep link
 * instead; --link names another deep link than the decision's. --document serves that file in place of
 * the service's document (the browser answers it), to try a change to the document first.
 * Nothing is asserted: a run prints figures (and `MISSED` beside a median over the target).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { migrate } from '../src/platform/db/migrate.ts';
import { CHROMIUM, hasBrowser, launchBrowser } from '../test/support/browser.ts';
import { median } from './stats.ts';
import { benchRuntime, pgliteDatabase } from './targets.ts';

const TARGET_MS = 2000;
const TIMEOUT_MS = Number(process.env.DOCS_TIMEOUT ?? 120_000);

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    url: { type: 'string' },
    trace: { type: 'string' },
    profile: { type: 'string' },
    document: { type: 'string' },
    deep: { type: 'boolean', default: false },
    link: { type: 'string', default: '#tag/requests/POST/v1/requests/{id}/decision' },
  },
});
const runs = Number(args.runs);

/** The operation a deep link opens: by default the one an integrator reads most (--link). */
const DEEP_LINK = args.link;
const DEEP_LINK_ID = `funder-api-reference/${DEEP_LINK.slice(1)}`;

/**
 * Put in the page before its own scripts (by the browser driver, so the page's policy does not
 * apply): notes when the navigation pane, the introduction and the deep-linked operation first
 * have a box with text on screen, at the animation frame after they appear, in milliseconds since
 * the navigation started. A string, so that the TypeScript loader adds nothing to it.
 */
const marker = `(() => {
  const marks = {};
  window.__marks = marks;
  const withText = (el) => el && el.getBoundingClientRect().height > 0 && el.textContent.trim().length > 0;
  const wanted = {
    nav: () => document.querySelector('aside [data-sidebar-id]'),
    introduction: () => document.getElementById('funder-api-reference/description/introduction'),
    operation: () => document.getElementById(${JSON.stringify(DEEP_LINK_ID)}),
  };
  const check = () => {
    for (const name of Object.keys(wanted)) {
      if (name in marks || name + '-seen' in marks) continue;
      if (!withText(wanted[name]())) continue;
      marks[name + '-seen'] = performance.now();
      requestAnimationFrame(() => { marks[name] = performance.now(); });
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

interface Load {
  /** Milliseconds from the navigation's start to each mark (see `marker`). */
  nav: number;
  shown: number;
  bytes: number;
  /** When the bundle and the document were received, and when the page's scripts had run. */
  bundleEnd: number;
  scriptsDone: number;
  documentStart: number;
  documentEnd: number;
  /** The page's main thread busy (all tasks) and running JavaScript, up to the wait's end. */
  busy: number;
  script: number;
}

/** Loads the page (or a deep link into it) and waits for the navigation pane and `shown`. */
async function load(page: Page, url: string, shown: 'introduction' | 'operation'): Promise<Load> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(url);
  await page.waitForFunction(
    (name) => {
      const marks = (window as unknown as { __marks?: Record<string, number> }).__marks;
      return marks?.nav !== undefined && marks[name] !== undefined;
    },
    shown,
    { timeout: TIMEOUT_MS, polling: 100 },
  );
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => 1000 * (metrics.find((m) => m.name === name)?.value ?? Number.NaN);
  const times = await page.evaluate((name) => {
    const marks = (window as unknown as { __marks: Record<string, number> }).__marks;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const bundle = resources.find((r) => r.name.includes('/docs/renderer/'));
    const document = resources.find((r) => r.name.endsWith('/v1/openapi.json'));
    return {
      nav: marks.nav ?? Number.NaN,
      shown: marks[name] ?? Number.NaN,
      bytes: resources.reduce((sum, r) => sum + r.transferSize, navigation?.transferSize ?? 0),
      bundleEnd: bundle?.responseEnd ?? Number.NaN,
      scriptsDone: navigation?.domContentLoadedEventStart ?? Number.NaN,
      documentStart: document?.startTime ?? Number.NaN,
      documentEnd: document?.responseEnd ?? Number.NaN,
    };
  }, shown);
  return { ...times, busy: metric('TaskDuration'), script: metric('ScriptDuration') };
}

/** A fresh context (empty cache) with the marker, and --document in place of the service's. */
async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript(marker);
  if (args.document) {
    const body = await readFile(args.document);
    await context.route('**/v1/openapi.json', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body }),
    );
  }
  return context;
}

interface Run {
  cold: Load;
  warm: Load;
  deepLink: Load;
}

/** One run: a cold load and a warm one in one fresh context, a cold deep link in another. */
async function run(browser: Browser, base: string): Promise<Run> {
  const once = async <T>(work: (context: BrowserContext) => Promise<T>): Promise<T> => {
    const context = await newContext(browser);
    try {
      return await work(context);
    } finally {
      await context.close();
    }
  };
  const loadIn = async (context: BrowserContext, url: string, shown: 'introduction' | 'operation') => {
    const page = await context.newPage();
    try {
      return await load(page, url, shown);
    } finally {
      await page.close();
    }
  };
  const [cold, warm] = await once(async (context) => [
    await loadIn(context, `${base}/docs/`, 'introduction'),
    await loadIn(context, `${base}/docs/`, 'introduction'),
  ]);
  const deepLink = await once((context) => loadIn(context, `${base}/docs/${DEEP_LINK}`, 'operation'));
  return { cold: cold!, warm: warm!, deepLink };
}

const ms = (x: number) => `${Math.round(x)} ms`;
const spread = (xs: number[]) =>
  `median ${ms(median(xs)).padStart(8)}  min ${ms(Math.min(...xs)).padStart(8)}  max ${ms(Math.max(...xs)).padStart(8)}`;

function report(label: string, shown: string, loads: Load[]) {
  const nav = loads.map((l) => l.nav);
  const verdict = median(nav) < TARGET_MS ? '' : `  MISSED (target < ${TARGET_MS} ms)`;
  console.log(`${label}:`);
  console.log(`  navigation pane shown    ${spread(nav)}${verdict}`);
  console.log(`  ${shown.padEnd(24)} ${spread(loads.map((l) => l.shown))}`);
  console.log(`  main thread busy         ${spread(loads.map((l) => l.busy))}`);
  console.log(`  of which JavaScript      ${spread(loads.map((l) => l.script))}`);
  console.log(`  bundle received          ${spread(loads.map((l) => l.bundleEnd))}`);
  console.log(`  page's scripts run       ${spread(loads.map((l) => l.scriptsDone))}`);
  console.log(`  document asked           ${spread(loads.map((l) => l.documentStart))}`);
  console.log(`  document received        ${spread(loads.map((l) => l.documentEnd))}`);
  console.log(
    `  bytes transferred        median ${Math.round(median(loads.map((l) => l.bytes))).toLocaleString('en')}`,
  );
}

/**
 * Total time per event name on the page's main thread (the renderer's main thread with the most
 * work: the first, blank page has one too). Nested events count in each of their names.
 */
function traceSummary(trace: { traceEvents: Array<Record<string, unknown>> }): string[] {
  const events = trace.traceEvents;
  const mains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && (e.args as { name?: string })?.name === 'CrRendererMain')
      .map((e) => `${e.pid}/${e.tid}`),
  );
  const perThread = new Map<string, Map<string, number>>();
  for (const e of events) {
    const thread = `${e.pid}/${e.tid}`;
    if (e.ph !== 'X' || !mains.has(thread)) continue;
    const totals = perThread.get(thread) ?? new Map<string, number>();
    perThread.set(thread, totals);
    const name = String(e.name);
    totals.set(name, (totals.get(name) ?? 0) + Number(e.dur ?? 0) / 1000);
  }
  const busiest = [...perThread.values()].sort(
    (a, b) => (b.get('RunTask') ?? 0) - (a.get('RunTask') ?? 0),
  )[0];
  return [...(busiest ?? new Map<string, number>()).entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([name, total]) => `  ${name.padEnd(40)} ${ms(total)}`);
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

/** The functions with the most samples of their own in a JavaScript CPU profile. */
function profileSummary(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const where = frame.url
      ? `${frame.url.replace(/^.*\//, '')}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`
      : '';
    const key = `${frame.functionName || '(anonymous)'} ${where}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 30)
    .map(([key, total]) => `  ${ms(total).padStart(8)}  ${key}`);
}

async function main() {
  if (!hasBrowser()) throw new Error(`no browser at ${CHROMIUM} (apt-get install chromium)`);
  let base = args.url;
  let stop = async () => {};
  if (!base) {
    const database = await pgliteDatabase();
    await migrate(database.db);
    const runtime = await benchRuntime(database.db);
    const app = await runtime.buildApp();
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    stop = async () => {
      await app.close();
      await runtime.close();
      await database.drop();
    };
  }
  const browser = await launchBrowser();
  try {
    // One run first, not counted: the service builds its document on the first ask.
    await run(browser, base);
    const loads: Run[] = [];
    for (let i = 0; i < runs; i++) loads.push(await run(browser, base));
    const average = loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
    console.log(`/docs on ${base}, ${runs} runs, chromium headless, load average ${average}`);
    report(
      'cold (fresh context): /docs/',
      'introduction shown',
      loads.map((l) => l.cold),
    );
    report(
      'warm (same context, second load): /docs/',
      'introduction shown',
      loads.map((l) => l.warm),
    );
    report(
      `cold deep link: /docs/${DEEP_LINK}`,
      'operation shown',
      loads.map((l) => l.deepLink),
    );
    // What --trace and --profile record: one more cold load of the page, or of the deep link.
    const traced = args.deep
      ? { url: `${base}/docs/${DEEP_LINK}`, shown: 'operation' as const, what: 'deep link' }
      : { url: `${base}/docs/`, shown: 'introduction' as const, what: 'load' };
    if (args.trace) {
      const context = await newContext(browser);
      const page = await context.newPage();
      await browser.startTracing(page, { screenshots: false });
      await load(page, traced.url, traced.shown);
      const buffer = await browser.stopTracing();
      await context.close();
      await writeFile(args.trace, buffer);
      console.log(`trace of one cold ${traced.what} in ${args.trace}; main thread, total per event:`);
      console.log(traceSummary(JSON.parse(buffer.toString('utf8'))).join('\n'));
    }
    if (args.profile) {
      const context = await newContext(browser);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await load(page, traced.url, traced.shown);
      const { profile } = await cdp.send('Profiler.stop');
      await context.close();
      await writeFile(args.profile, JSON.stringify(profile));
      console.log(
        `JavaScript profile of one cold ${traced.what} in ${args.profile}; most time of their own:`,
      );
      console.log(profileSummary(profile as never).join('\n'));
    }
  } finally {
    await browser.close();
    await stop();
  }
}

await main();
