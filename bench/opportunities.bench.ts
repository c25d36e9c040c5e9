/**
 * `node bin/run-ts.mjs bench/opportunities.bench.ts [--invoices 100000] [--clients 200]`
 *
 * The nightly prequalification of one live funder whose clients share 100,000 invoices, on
 * PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a throwaway
 * database `funder_api_bench_<random>` is created and dropped). Two nights are run through the
 * service (the same run the worker's job makes): the first finds every invoice new; between them
 * 2% of the invoices are marked paid, 1% cancelled and 1% put in funding requests, and 1% more
 * are issued; the second compares. Printed: each night's wall time (target under 30 s), its
 * lines, and the time of the first page of `GET /v1/opportunities` after publication.
 * A missed target is reported, not an error. The seeding and the nights run with the long bounds
 * of a job (the worker runs each job so): at 1,000,000 invoices a statement outlasts an API call's.
 * See bench/README.md.
 */
import { parseArgs } from 'node:util';
import { addDays, madridDate } from '../src/platform/clock.ts';
import { boundTo, GATE } from '../src/platform/db/actor.ts';
import { runLong } from '../src/platform/db/bounds.ts';
import type { Db } from '../src/platform/db/db.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { SCOPES } from '../src/platform/http/scopes.ts';
import { benchRuntime, postgresDatabase } from './targets.ts';

const TARGET_SECONDS = 30;
const OPERATOR = { kind: 'operator', requestId: 'bench' } as const;

/** Clients of the funder (all sharing), 250 debtors, and the invoices spread over the clients. */
async function seed(db: Db, funderId: string, clients: number, invoices: number, today: string) {
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx.query(
      `INSERT INTO sellers (id, plane, name, tax_id, country, verification_status, employees, annual_revenue, sector, created_at)
       SELECT gen_random_uuid(), 'live', 'Bench Client ' || g || ' SL', 'B' || lpad(g::text, 8, '0'), 'ES', 'approved',
              10 + g % 200, 1000000 + g * 10000, 'C', $1
         FROM generate_series(1, $2::int) g`,
      [now, clients],
    );
    await tx.query(
      `WITH a AS (
         INSERT INTO client_arrivals (id, funder_id, plane, country, tax_id, company_name, via, arrived_at)
         SELECT gen_random_uuid(), $1, 'live', s.country, s.tax_id, s.name, 'named', $2
           FROM sellers s WHERE s.name LIKE 'Bench Client %'
         RETURNING id, tax_id)
       INSERT INTO funder_clients (seller_id, funder_id, plane, arrival_id, via, joined_at)
       SELECT s.id, $1, 'live', a.id, 'named', $2 FROM a JOIN sellers s ON s.tax_id = a.tax_id AND s.plane = 'live'`,
      [funderId, now],
    );
    await tx.query(
      `INSERT INTO opportunity_sharing (funder_id, plane, seller_id, sharing, changed_at)
       SELECT $1, 'live', seller_id, true, $2 FROM funder_clients WHERE funder_id = $1`,
      [funderId, now],
    );
    await tx.query(
      `INSERT INTO debtors (id, plane, name, tax_id, country, created_at)
       SELECT gen_random_uuid(), 'live', 'Distribuidora Bench ' || g || ' SA', 'A' || lpad(g::text, 8, '0'), 'ES', $1
         FROM generate_series(0, 249) g`,
      [now],
    );
    await tx.query(
      `WITH s AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM sellers WHERE name LIKE 'Bench Client %'),
            d AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM debtors WHERE name LIKE 'Distribuidora Bench %')
       INSERT INTO invoices (id, plane, seller_id, debtor_id, number, amount, issue_date, due_date, source, created_at)
       SELECT gen_random_uuid(), 'live', s.id, d.id, 'BF-' || lpad(g::text, 7, '0'), 500 + g % 9500,
              $2::date - 10, $2::date + 20 + g % 90, 'erp', $1
         FROM generate_series(1, $3::int) g
         JOIN s ON s.n = g % $4::int
         JOIN d ON d.n = g % 250`,
      [now, today, invoices, clients],
    );
  });
}

/** Between the nights: 2% paid, 1% cancelled, 1% in requests (one request each), 1% new. */
async function change(db: Db, invoices: number, clients: number, today: string) {
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx.query(
      `UPDATE invoices SET seller_marked_paid_at = $1 WHERE number LIKE 'BF-%' AND right(number, 2) IN ('00', '50')`,
      [now],
    );
    await tx.query(
      `INSERT INTO invoice_ledger_exits (invoice_id, plane, exit, exited_at)
       SELECT id, 'live', 'cancelled', $1 FROM invoices WHERE number LIKE 'BF-%' AND right(number, 2) = '11'`,
      [now],
    );
    await tx.query(
      `WITH v AS (SELECT id AS invoice_id, seller_id, amount, gen_random_uuid() AS request_id, number
                    FROM invoices WHERE number LIKE 'BF-%' AND right(number, 2) = '22'),
            r AS (INSERT INTO funding_requests (id, plane, request_ref, type, status, seller_id, total_amount,
                                                advance_amount, created_at, updated_at)
                  SELECT request_id, 'live', 'BENCH-' || number, 'factoring', 'submitted', seller_id, amount, amount, $1, $1
                    FROM v)
       INSERT INTO request_invoices (request_id, invoice_id, position) SELECT request_id, invoice_id, 1 FROM v`,
      [now],
    );
    await tx.query(
      `WITH s AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM sellers WHERE name LIKE 'Bench Client %'),
            d AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM debtors WHERE name LIKE 'Distribuidora Bench %')
       INSERT INTO invoices (id, plane, seller_id, debtor_id, number, amount, issue_date, due_date, source, created_at)
       SELECT gen_random_uuid(), 'live', s.id, d.id, 'BN-' || lpad(g::text, 7, '0'), 750, $2::date, $2::date + 60, 'erp', $1
         FROM generate_series(1, $3::int) g JOIN s ON s.n = g % $4::int JOIN d ON d.n = g % 250`,
      [now, today, Math.round(invoices / 100), clients],
    );
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      invoices: { type: 'string', default: '100000' },
      clients: { type: 'string', default: '200' },
    },
  });
  const invoices = Number(values.invoices);
  const clients = Number(values.clients);
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await postgresDatabase(serverUrl, 10);
  try {
    await migrate(database.db);
    const runtime = await benchRuntime(database.db);
    const funder = await runtime.services.account.createFunder(OPERATOR, {
      name: 'Bench Funder',
      environment: 'live',
    });
    const key = await runtime.services.account.issueKey(OPERATOR, {
      bank_id: funder.bank_id,
      name: 'bench key',
      scopes: [...SCOPES],
    });
    // Nights in the future, so the runs are never past their morning whatever the hour.
    const today = madridDate(new Date());
    const [first, second] = [addDays(today, 1), addDays(today, 2)];
    console.log(`${database.version}: seeding ${invoices} invoices of ${clients} sharing clients...`);
    const gate = boundTo(database.db, GATE);
    await runLong(() => seed(gate, funder.bank_id, clients, invoices, today));
    await runLong(() => gate.query('ANALYZE'));
    const owner = { funderId: funder.bank_id, plane: 'live' as const };
    const { opportunities } = runtime.services;

    const night = async (date: string) => {
      const started = process.hrtime.bigint();
      const run = await runLong(() => opportunities.runNightForOps(owner, date));
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const { rows } = await runLong(() =>
        gate.query<{ kind: string; n: number }>(
          'SELECT kind, count(*)::int AS n FROM opportunity_lines WHERE run_id = $1 GROUP BY kind ORDER BY kind',
          [run.run_id],
        ),
      );
      const lines = rows.map((r) => `${r.kind} ${r.n}`).join(', ');
      console.log(
        `night ${date}: ${run.status} in ${seconds.toFixed(1)} s (target under ${TARGET_SECONDS} s)${seconds >= TARGET_SECONDS ? '  MISSED' : ''}; lines: ${lines}`,
      );
      await runLong(() => opportunities.publishForOps(date, owner));
    };

    await night(first);
    await runLong(() => change(gate, invoices, clients, today));
    await runLong(() => gate.query('ANALYZE'));
    await night(second);

    const app = await runtime.buildApp();
    const read = async (what: string, url: string) => {
      const started = process.hrtime.bigint();
      const page = await app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${key.secret}` },
      });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (page.statusCode !== 200) throw new Error(`GET ${url} answered ${page.statusCode}`);
      const body = page.json() as { lines: unknown[]; digest: { line_count: number } };
      console.log(
        `GET ${url} (${what}): ${body.lines.length} of ${body.digest.line_count} lines in ${ms.toFixed(0)} ms`,
      );
    };
    await read('first call of the app', `/v1/opportunities?date=${first}`);
    await read('the same page again', `/v1/opportunities?date=${first}`);
    await read('the last page', `/v1/opportunities?date=${first}&offset=99500&limit=500`);
    await read('the second night', '/v1/opportunities');
    await app.close();
    await runtime.rateCounter.close();
  } finally {
    await database.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
