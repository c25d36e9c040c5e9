import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../packages/client/src/index.ts';
import { madridDate } from '../src/platform/clock.ts';
import { PROCESS_MINUTES, root, SUITE_TIMEOUT } from './support/cli.ts';
import {
  fillIn,
  RECEIVER_DECLARATIONS,
  runProcess,
  runTypeScript,
  SAMPLE_DOCUMENTS,
  type Sample,
  samplesOf,
  typeCheck,
  uncovered,
} from './support/samples.ts';
import { startService, type TestService } from './support/service.ts';
import { untilWithin } from './support/webhook-receiver.ts';

/**
 * Samples that run: every sample of the README, the client's README and docs/webhooks.md that
 * shows a call is run here against a running service, as written (the shell blocks of one
 * document in one shell, in order, with the variables the README has the reader export; the
 * TypeScript blocks through the client with the address, key and date filled in), or compiled
 * against the client's types when it is a receiver's check. Markers: test/support/samples.ts.
 */

const until = untilWithin(PROCESS_MINUTES * 60_000);

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let service: TestService;
let baseUrl: string;
let key: string;
let dir: string;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
const groups: number[] = [];

beforeAll(async () => {
  // The README's reader built the compiled command line that `npx funder-api` runs when they ran
  // `npm start` (its prestart); a checkout that never started, a fresh clone in CI, has none, and
  // one built earlier may be older than the sources. Built as that prestart builds it.
  await promisify(execFile)(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root });
  service = await startService({ demoPlane: true });
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
  ({ key } = await service.given.demoFunder());
  // Inside the project, so that `@funder-api/client` resolves as it does for a reader.
  dir = join(root, '.test-data', `samples-${randomUUID()}`);
  await mkdir(dir, { recursive: true });
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
}, SUITE_TIMEOUT);

afterAll(async () => {
  // The shells this file started, each a process group of its own (a listener left running).
  for (const group of groups) {
    try {
      process.kill(-group, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await new Promise((resolve) => receiver?.close(resolve));
  await service?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const all = SAMPLE_DOCUMENTS.flatMap((document) => samplesOf(document));
const marked = (document: string, kinds: string[], lang: string) =>
  all.filter((s) => s.document === document && s.lang === lang && s.marker && kinds.includes(s.marker.kind));

/**
 * The shell blocks of a document as one script: what the README has the reader export is set
 * first, a block to run in background starts with its output in a file and the script goes on
 * once it says it is ready. The script runs in a directory of the project, so `npx funder-api`
 * is the project's own command line, found by npm as a reader's shell finds it.
 */
function shellScript(samples: Sample[]): string {
  const lines = ['set -euo pipefail'];
  samples.forEach((sample, index) => {
    const source = sample.source.replaceAll('http://localhost:3000/hooks', receiverUrl);
    lines.push(`# ${sample.document}:${sample.line}`);
    if (sample.marker?.kind === 'background') {
      const log = join(dir, `background-${index}.log`);
      lines.push(`{\n${source}} > ${JSON.stringify(log)} 2>&1 &`);
      // A guard against a hang, not a measure of speed: the loop gives up after ten minutes.
      lines.push(
        `for _ in $(seq 1200); do grep -q '^Ready' ${JSON.stringify(log)} 2>/dev/null && break; sleep 0.5; done`,
        `grep -q '^Ready' ${JSON.stringify(log)}`,
      );
    } else {
      lines.push(source);
    }
  });
  return lines.join('\n');
}

describe('the documentation’s samples', { timeout: SUITE_TIMEOUT }, () => {
  it('each sample that shows a call is run (or, for a receiver’s check, type-checked) by a test', () => {
    expect(all.length).toBeGreaterThan(5);
    expect(all.map(uncovered).filter((reason) => reason !== null)).toEqual([]);
  });

  it('counts a block that shows a call without a marker, or with an unknown one, as not covered', () => {
    const sample: Sample = {
      document: 'README.md',
      line: 1,
      lang: 'sh',
      source: 'curl -sS "$FUNDER_API_URL/v1/me"\n',
      marker: null,
      unknownMarker: null,
    };
    expect(uncovered(sample)).toMatch(/no <!-- sample/);
    expect(uncovered({ ...sample, unknownMarker: 'maybe' })).toMatch(/unknown marker/);
    expect(
      uncovered({
        ...sample,
        lang: 'ts',
        source: "await client.GET('/v1/me');\n",
        marker: { kind: 'type-check' },
      }),
    ).toMatch(/must run/);
    expect(uncovered({ ...sample, marker: { kind: 'run' } })).toBeNull();
    expect(uncovered({ ...sample, source: 'npm install\n' })).toBeNull();
  });

  it('runs the shell blocks of the README in order against a running service, a webhook reaching a local receiver through `funder-api listen`', async () => {
    const tools = await runProcess('bash', ['-c', 'command -v jq && command -v curl']);
    expect(tools.code, 'the README’s shell samples use curl and jq: install both').toBe(0);
    const samples = marked('README.md', ['run', 'background'], 'sh');
    expect(samples.some((s) => s.marker?.kind === 'background')).toBe(true);
    const script = join(dir, 'readme.sh');
    await writeFile(script, shellScript(samples));
    const ran = await runProcess('bash', [script], {
      cwd: dir,
      env: { ...process.env, FUNDER_API_URL: baseUrl, FUNDER_API_KEY: key },
      detached: true,
      onSpawn: (pid) => groups.push(pid),
    });
    expect(ran.code, `${ran.stdout}\n${ran.stderr}`).toBe(0);
    // The walk of step 3 ends settled; the advance of step 5 answered 2xx (curl --fail-with-body).
    expect(ran.stdout).toMatch(/^settled$/m);
    expect(ran.stdout).toContain('"offset_days":80');
    expect(ran.stdout).toContain('"state":"overdue"');
    // Step 5's terms make day 80 open a recourse claim and announce the request, shown after.
    expect(ran.stdout).toMatch(/"claims_opened":\[\{"claim_id":"[0-9a-f-]{36}","kind":"recourse"\}\]/);
    expect(ran.stdout).toMatch(/"announced":\[\{"trigger":"[a-z_]+"\}\]/);
    expect(ran.stdout).toMatch(/^\{"kind":"recourse","status":"open","claim_amount":/m);
    expect(ran.stdout).toMatch(/^\["request\.announced"\]$/m);
    // The request made after the listener started reaches the receiver, signed with the secret
    // the listener printed.
    const log = await readFile(
      join(dir, `background-${samples.findIndex((s) => s.marker?.kind === 'background')}.log`),
      'utf8',
    );
    const secret = /whsec_\S+/.exec(log)?.[0];
    expect(secret, log).toBeDefined();
    await until(
      async () => received.some((r) => r.body.includes('"request.routed"')),
      'a forwarded request.routed',
    );
    const hit = received.find((r) => r.body.includes('"request.routed"'))!;
    const event = verifyWebhook(hit.body, String(hit.headers['service-signature']), [secret!], {
      toleranceSeconds: 10 ** 9,
    });
    expect(event.type).toBe('request.routed');
    // It keeps its place where the README says, in the directory it runs in.
    await until(
      async () =>
        typeof JSON.parse(await readFile(join(dir, '.funder-api-listen.json'), 'utf8').catch(() => '{}'))
          .cursor === 'string',
      'the listener’s state file',
    );
  });

  it('runs each TypeScript block marked to run, through the client, and type-checks the receivers’ checks', async () => {
    const today = madridDate(service.runtime.clock.now());
    const runs = SAMPLE_DOCUMENTS.flatMap((document) => marked(document, ['run'], 'ts'));
    const checks = SAMPLE_DOCUMENTS.flatMap((document) => marked(document, ['type-check'], 'ts'));
    expect(runs.length).toBeGreaterThanOrEqual(3);
    const files: string[] = [];
    for (const [index, sample] of runs.entries()) {
      const file = join(dir, `run-${index}.mts`);
      await writeFile(file, fillIn(sample.source, { baseUrl, apiKey: key, today }));
      files.push(file);
    }
    for (const [index, sample] of checks.entries()) {
      const file = join(dir, `check-${index}.mts`);
      await writeFile(file, RECEIVER_DECLARATIONS + sample.source);
      files.push(file);
    }
    const tsc = await typeCheck(files, dir);
    expect(tsc.code, `${tsc.stdout}\n${tsc.stderr}`).toBe(0);
    for (const [index, sample] of runs.entries()) {
      const ran = await runTypeScript(join(dir, `run-${index}.mts`), { FUNDER_API_KEY: key });
      expect(ran.code, `${sample.document}:${sample.line}\n${ran.stdout}\n${ran.stderr}`).toBe(0);
      // The walk from creation to settled prints where it ended, as its document says.
      if (sample.source.includes("settled.status is now 'settled'"))
        expect(ran.stdout, `${sample.document}:${sample.line}`).toMatch(/^request [0-9a-f-]{36}: settled$/m);
    }
  });
});
