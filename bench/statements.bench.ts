/**
 * `node bin/run-ts.mjs bench/statements.bench.ts [--db pglite|postgres|both|none] [--lines 5000] [--book 1000]`
 *
 * Importing a bank statement of 5,000 transactions (CAMT.053 .001.08, under the 4 MiB cap).
 *
 * 1. Parse and match, the figure the target is about, in a fresh child process so that its
 *    peak memory (the kernel's high-water mark of resident memory) is the import's own and not
 *    the benchmark's or an embedded database's: the file is decoded, parsed, and every credit
 *    matched against a book of funded requests.
 * 2. The whole call, per database, also in a child process: POST /v1/statements through the
 *    real app (auth, parsing, matching against the book read from the database, the one write
 *    transaction, the answer with 5,000 lines), on PGlite and on a throwaway PostgreSQL
 *    database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres).
 *
 * Wall time and CPU time are both printed: on a busy machine wall time grows with other work,
 * CPU time much less. A missed target is reported, not an error.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readStatementFile } from '../src/areas/statements/statements.file.ts';
// The child process loads only what parsing and matching need; the rest is loaded by main().
import {
  type BookRequest,
  createMatcher,
  creditorReferenceFor,
} from '../src/areas/statements/statements.matching.ts';
import { isPaymentCandidate, MAX_STATEMENT_BYTES } from '../src/areas/statements/statements.parsed.ts';
import type { Db } from '../src/platform/db/db.ts';
import { type CamtEntry, camt053 } from '../test/support/statement-files.ts';
import type { BenchDatabase } from './targets.ts';

const TARGET_PARSE_MATCH_MS = 1_000;
const TARGET_PEAK_MB = 150;

const MB = 1024 * 1024;
const round = (n: number) => Math.round(n * 10) / 10;

// ------------------------------------------------------------------ the book and the file

interface BookSpec {
  requests: number;
}

const refOf = (i: number) => `BENCH-2026-${String(i + 1).padStart(6, '0')}`;
const invoiceOf = (i: number, j: number) => `INV-${String(i + 1).padStart(6, '0')}-${j + 1}`;
const debtorOf = (i: number) => `Distribuidora Bench ${i % 250} SL`;
/** Two invoices per request, amounts distinct per request. */
const amountOf = (i: number, j: number) => 100_000 + i * 37 + j * 11;

/** Funded requests of the funder, written set-based straight into the tables. */
async function seedBook(db: Db, funderId: string, spec: BookSpec): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO sellers (id, plane, name, tax_id, country, verification_status, created_at)
       VALUES (gen_random_uuid(), 'live', 'Bench Seller SL', 'B99999999', 'ES', 'approved', $1)`,
      [now],
    );
    await tx.query(
      `INSERT INTO debtors (id, plane, name, tax_id, country, created_at)
       SELECT gen_random_uuid(), 'live', 'Distribuidora Bench ' || g || ' SL', 'A' || lpad(g::text, 8, '0'), 'ES', $1
         FROM generate_series(0, 249) g`,
      [now],
    );
    const n = spec.requests;
    await tx.query(
      `INSERT INTO funding_requests (id, plane, request_ref, type, status, seller_id, total_amount, advance_amount,
                                     assigned_funder_id, funder_of_record_id, funded_at, funded_amount, created_at,
                                     updated_at)
       SELECT gen_random_uuid(), 'live', ref, 'factoring', 'funded', (SELECT id FROM sellers WHERE tax_id = 'B99999999'),
              total / 100.0, total * 0.8 / 100.0, $1, $1, $2, total * 0.8 / 100.0, $2, $2
         FROM unnest($3::text[], $4::bigint[]) AS t(ref, total)`,
      [
        funderId,
        now,
        Array.from({ length: n }, (_, i) => refOf(i)),
        Array.from({ length: n }, (_, i) => amountOf(i, 0) + amountOf(i, 1)),
      ],
    );
    const refs: string[] = [];
    const numbers: string[] = [];
    const amounts: number[] = [];
    const debtors: string[] = [];
    const positions: number[] = [];
    for (let i = 0; i < n; i += 1) {
      for (let j = 0; j < 2; j += 1) {
        refs.push(refOf(i));
        numbers.push(invoiceOf(i, j));
        amounts.push(amountOf(i, j));
        debtors.push(`A${String(i % 250).padStart(8, '0')}`);
        positions.push(j + 1);
      }
    }
    await tx.query(
      `WITH v AS (
         SELECT gen_random_uuid() AS id, r.id AS request_id, r.seller_id, d.id AS debtor_id, t.number,
                t.cents / 100.0 AS amount, t.position
           FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::int[])
                  AS t(ref, number, cents, debtor_tax_id, position)
           JOIN funding_requests r ON r.request_ref = t.ref
           JOIN debtors d ON d.plane = 'live' AND d.country = 'ES' AND d.tax_id = t.debtor_tax_id
       ), i AS (
         INSERT INTO invoices (id, plane, seller_id, debtor_id, number, amount, issue_date, due_date, source, created_at)
         SELECT id, 'live', seller_id, debtor_id, number, amount, '2026-08-01', '2026-11-01', 'erp', $6 FROM v
       )
       INSERT INTO request_invoices (request_id, invoice_id, position) SELECT request_id, id, position FROM v`,
      [refs, numbers, amounts, debtors, positions, now],
    );
  });
}

/**
 * A statement of `lines` credits: a fifth quote the request_ref, a fifth its RF reference, a
 * fifth an invoice number, a fifth pay an invoice's exact amount under the debtor's name, and
 * a fifth match nothing.
 */
function statementFile(lines: number, book: BookSpec): string {
  const entries: CamtEntry[] = [];
  for (let k = 0; k < lines; k += 1) {
    const i = k % book.requests;
    const kind = Math.floor(k / book.requests) % 5;
    const cents = kind === 4 ? 1_234 + k : amountOf(i, kind === 2 ? 1 : 0);
    entries.push({
      cents,
      direction: 'CRDT',
      bookingDate: '2026-09-15',
      ref: `AS${k}`,
      transactions: [
        kind === 0
          ? { debtor: 'Pagador SA', ustrd: [`Pago ${refOf(i)}`] }
          : kind === 1
            ? { debtor: 'Pagador SA', creditorRef: creditorReferenceFor(refOf(i)) }
            : kind === 2
              ? { debtor: 'Pagador SA', ustrd: [`Factura ${invoiceOf(i, 1)}`] }
              : kind === 3
                ? { debtor: debtorOf(i).toUpperCase(), ustrd: ['Transferencia'] }
                : { debtor: 'Desconocido SL', ustrd: [`Varios ${k}`] },
      ],
    });
  }
  return camt053({
    version: 8,
    entries,
    compact: true,
    statementId: `BENCH-${randomBytes(4).toString('hex')}`,
  });
}

// ------------------------------------------------------------------ the child: parse and match

interface ChildFigures {
  parseMs: number;
  matchMs: number;
  cpuMs: number;
  lines: number;
  matched: number;
  baselineRssMb: number;
  peakRssMb: number;
}

async function child(filePath: string, bookPath: string): Promise<void> {
  const bytes = await readFile(filePath);
  const book = JSON.parse(await readFile(bookPath, 'utf8')) as BookRequest[];
  // A server has parsed statements before: warm the code paths up with a small one.
  const warm = readStatementFile(Buffer.from(statementFile(200, { requests: 100 })));
  const warmMatcher = createMatcher(book);
  for (const line of warm.lines) warmMatcher.propose({ ...line, texts: [line.remittanceText ?? ''] });
  const baseline = process.resourceUsage().maxRSS * 1024;
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const parsed = readStatementFile(bytes);
  const t1 = performance.now();
  const matcher = createMatcher(book);
  let matched = 0;
  for (const line of parsed.lines) {
    if (!isPaymentCandidate(line)) continue;
    const proposal = matcher.propose({
      amountCents: line.amountCents,
      counterpartyName: line.counterpartyName,
      creditorReference: line.creditorReference,
      texts: [line.remittanceText, line.endToEndId, ...line.documentNumbers].filter(
        (t): t is string => t !== null,
      ),
    });
    if (proposal) matched += 1;
  }
  const t2 = performance.now();
  const used = process.cpuUsage(cpu);
  const figures: ChildFigures = {
    parseMs: t1 - t0,
    matchMs: t2 - t1,
    cpuMs: (used.user + used.system) / 1000,
    lines: parsed.lines.length,
    matched,
    baselineRssMb: baseline / MB,
    peakRssMb: (process.resourceUsage().maxRSS * 1024) / MB,
  };
  process.send!(figures);
}

/** Runs this file again in a child process in one of its child modes; resolves with what it sends. */
function runChild<T>(args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const runner = fileURLToPath(new URL('../bin/run-ts.mjs', import.meta.url));
    const proc = fork(runner, [fileURLToPath(import.meta.url), ...args], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let figures: T | null = null;
    proc.on('message', (message) => {
      figures = message as T;
    });
    proc.on('error', reject);
    proc.on('exit', (code) => (figures ? resolve(figures) : reject(new Error(`child exited with ${code}`))));
  });
}

// ------------------------------------------------------------------ the whole call, per database

interface CallFigures {
  database: string;
  bookMs: number;
  callMs: number;
  cpuMs: number;
  status: number;
  matched: number;
  baselineRssMb: number;
  peakRssMb: number;
}

/** Child mode: a fresh database of the kind asked, the real app, and the one call measured. */
async function callChild(
  kind: string,
  postgresUrl: string,
  filePath: string,
  requests: number,
): Promise<void> {
  const { pgliteDatabase, postgresDatabase } = await import('./targets.ts');
  const database = kind === 'postgres' ? await postgresDatabase(postgresUrl, 10) : await pgliteDatabase();
  try {
    process.send!(await wholeCall(database, await readFile(filePath, 'utf8'), { requests }));
  } finally {
    await database.drop();
  }
}

async function wholeCall(database: BenchDatabase, file: string, book: BookSpec): Promise<CallFigures> {
  const { db } = database;
  const [{ default: pino }, { loadConfig }, { migrate }, { SCOPES }, { createRuntime }, { loadBook }] =
    await Promise.all([
      import('pino'),
      import('../src/config.ts'),
      import('../src/platform/db/migrate.ts'),
      import('../src/platform/http/scopes.ts'),
      import('../src/runtime.ts'),
      import('../src/areas/statements/statements.store.ts'),
    ]);
  await migrate(db);
  const runtime = await createRuntime(
    { ...loadConfig({}), clock: 'system', logLevel: 'silent', inlineWorker: false, demoOnFirstStart: false },
    {
      db,
      logger: pino({ level: 'silent' }),
      secrets: { opsToken: `ops_${randomBytes(24).toString('hex')}`, secretsKey: randomBytes(32) },
    },
  );
  const operator = { kind: 'operator', requestId: 'bench' } as const;
  const funder = await runtime.services.account.createFunder(operator, {
    name: 'Bench Funder',
    environment: 'live',
  });
  const issued = await runtime.services.account.issueKey(operator, {
    bank_id: funder.bank_id,
    name: 'bench key',
    scopes: [...SCOPES],
    rate_limit: { per_minute: 1_000_000, per_hour: 10_000_000 },
  });
  await seedBook(db, funder.bank_id, book);
  const app = await runtime.buildApp();
  try {
    const t = performance.now();
    const loaded = await loadBook(db, { funderId: funder.bank_id, plane: 'live' });
    const bookMs = performance.now() - t;
    if (loaded.length !== book.requests) throw new Error(`book has ${loaded.length} requests`);

    // Warm up the route (schemas, parsers, prepared plans) with a small file.
    await app.inject({
      method: 'POST',
      url: '/v1/statements',
      headers: { authorization: `Bearer ${issued.secret}`, 'content-type': 'application/xml' },
      payload: statementFile(10, book),
    });
    // The resident-memory high-water mark so far (database engine, app, warm-up) is the baseline.
    const baseline = process.resourceUsage().maxRSS * 1024;
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    const answer = await app.inject({
      method: 'POST',
      url: '/v1/statements?file_name=bench.xml',
      headers: { authorization: `Bearer ${issued.secret}`, 'content-type': 'application/xml' },
      payload: file,
    });
    const callMs = performance.now() - t0;
    const used = process.cpuUsage(cpu);
    const body = answer.json() as { matched_count?: number };
    return {
      database: database.version,
      bookMs,
      callMs,
      cpuMs: (used.user + used.system) / 1000,
      status: answer.statusCode,
      matched: body.matched_count ?? -1,
      baselineRssMb: baseline / MB,
      peakRssMb: (process.resourceUsage().maxRSS * 1024) / MB,
    };
  } finally {
    await app.close().catch(() => undefined);
    await runtime.rateCounter.close().catch(() => undefined);
  }
}

// ------------------------------------------------------------------ main

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'both' },
      lines: { type: 'string', default: '5000' },
      book: { type: 'string', default: '1000' },
    },
    strict: true,
  });
  const lines = Number(values.lines);
  const book: BookSpec = { requests: Number(values.book) };
  const databases = values.db === 'both' ? ['pglite', 'postgres'] : values.db === 'none' ? [] : [values.db];
  const postgresUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const { postgresReachable } = await import('./targets.ts');

  const file = statementFile(lines, book);
  const size = Buffer.byteLength(file);
  console.log(
    `statement: CAMT.053 .001.08, ${lines} transactions, ${(size / MB).toFixed(2)} MiB (cap ${MAX_STATEMENT_BYTES / MB} MiB); book: ${book.requests} funded requests, ${book.requests * 2} invoices`,
  );
  if (size > MAX_STATEMENT_BYTES) throw new Error('the benchmark file is over the cap');

  // The book as the matcher sees it, for the child (the same rows seedBook writes).
  const bookRows: BookRequest[] = Array.from({ length: book.requests }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    requestRef: refOf(i),
    totalCents: amountOf(i, 0) + amountOf(i, 1),
    settledCents: 0,
    invoices: [0, 1].map((j) => ({
      number: invoiceOf(i, j),
      amountCents: amountOf(i, j),
      debtorName: debtorOf(i),
      paid: false,
    })),
  }));
  const dir = await mkdtemp(join(tmpdir(), 'funder-api-statements-bench-'));
  let missed = false;
  try {
    const filePath = join(dir, 'statement.xml');
    const bookPath = join(dir, 'book.json');
    await writeFile(filePath, file);
    await writeFile(bookPath, JSON.stringify(bookRows));

    const runs: ChildFigures[] = [];
    for (let i = 0; i < 3; i += 1) runs.push(await runChild<ChildFigures>(['--child', filePath, bookPath]));
    const best = runs.reduce((a, b) => (a.parseMs + a.matchMs <= b.parseMs + b.matchMs ? a : b));
    console.log('\nparse + match (fresh child process, code warmed up on a small file, best of 3)');
    console.log(
      `  parse ${round(best.parseMs)} ms, match ${round(best.matchMs)} ms, total ${round(best.parseMs + best.matchMs)} ms wall, ${round(best.cpuMs)} ms CPU`,
    );
    console.log(
      `  ${best.lines} lines, ${best.matched} matched; resident memory peak ${round(best.peakRssMb)} MB, of which ${round(best.peakRssMb - best.baselineRssMb)} MB for this file (${round(best.baselineRssMb)} MB before it was read)`,
    );
    console.log(`  all runs (wall ms): ${runs.map((r) => round(r.parseMs + r.matchMs)).join(', ')}`);
    const total = best.parseMs + best.matchMs;
    const okTime = total < TARGET_PARSE_MATCH_MS;
    const okMemory = best.peakRssMb < TARGET_PEAK_MB;
    console.log(
      `  target: under ${TARGET_PARSE_MATCH_MS} ms ${okTime ? 'met' : 'MISSED'}; under ${TARGET_PEAK_MB} MB peak ${okMemory ? 'met' : 'MISSED'}`,
    );
    missed ||= !okTime || !okMemory;

    for (const kind of databases) {
      if (kind === 'postgres') {
        const problem = await postgresReachable(postgresUrl);
        if (problem) {
          console.log(`\nPostgreSQL skipped: ${problem}`);
          continue;
        }
      }
      const figures = await runChild<CallFigures>([
        '--call',
        kind!,
        postgresUrl,
        filePath,
        String(book.requests),
      ]);
      console.log(`\nPOST /v1/statements on ${figures.database} (fresh database, child process)`);
      console.log(
        `  ${figures.status}, ${figures.matched} matched; whole call ${round(figures.callMs)} ms wall, ${round(figures.cpuMs)} ms CPU in the process; the book read alone ${round(figures.bookMs)} ms`,
      );
      console.log(
        `  resident memory peak ${round(figures.peakRssMb)} MB, of which ${round(figures.peakRssMb - figures.baselineRssMb)} MB for this call (${round(figures.baselineRssMb)} MB before: app${kind === 'pglite' ? ' and embedded database' : ''})`,
      );
      if (figures.status !== 201) missed = true;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  if (missed) console.log('\nsome target was missed (see above)');
}

if (process.argv[2] === '--child') {
  await child(process.argv[3]!, process.argv[4]!);
} else if (process.argv[2] === '--call') {
  await callChild(process.argv[3]!, process.argv[4]!, process.argv[5]!, Number(process.argv[6]));
} else {
  await main();
}
