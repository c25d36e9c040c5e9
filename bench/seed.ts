/**
 * The benchmark's data, at the volume of the read targets: on the live plane `requests` funding requests
 * (100,000 by default), of which one in twenty is visible to the bench funder (routed to it now,
 * or acted on by it and since routed to another funder: one in a hundred), the others routed to
 * three other funders. Each request has two or three invoices over 10,000 sellers and 2,000
 * debtors, a notice per debtor when it is a factoring one, an offer when its status has one,
 * and now and then a risk signal and a dispute. The bench funder also has a credit limit on
 * every debtor and `events` events; the other funders many more.
 *
 * Everything is written set-wise (INSERT ... SELECT over generate_series) as the connecting
 * role, in one transaction: only the reads are measured, so nothing goes through the API.
 */
import { GATE, runAs } from '../src/platform/db/actor.ts';
import { runLong } from '../src/platform/db/bounds.ts';
import type { Db } from '../src/platform/db/db.ts';

export interface SeedVolume {
  requests: number;
  debtors: number;
  sellers: number;
  events: number;
}

export const ISSUE_VOLUME: SeedVolume = { requests: 100_000, debtors: 2_000, sellers: 10_000, events: 100 };

/** Request n is visible to the bench funder when n % VISIBLE_EVERY = 0 (5,000 in 100,000). */
const VISIBLE_EVERY = 20;
/** ... and of those, acted on then routed to another funder when n % ACTED_EVERY = 0. */
const ACTED_EVERY = 100;

/** By (n / 20) % 8: five open statuses in eight. */
const STATUSES = [
  'submitted',
  'under_review',
  'terms_sent',
  'approved',
  'funded',
  'declined',
  'settled',
  'under_review',
];

export interface Seeded {
  /** A request routed to the bench funder with three invoices, notices, an offer and a risk signal. */
  packetRequestId: string;
  visible: number;
}

const STEPS = (v: SeedVolume): string[] => [
  `CREATE TEMP TABLE bench_requests ON COMMIT DROP AS
     SELECT n, gen_random_uuid() AS id, 1 + n % ${v.sellers} AS seller_n,
            2 + (n % 3 = 0)::int AS invoices,
            (ARRAY['${STATUSES.join("','")}'])[1 + (n / ${VISIBLE_EVERY}) % 8] AS status,
            CASE WHEN n % 7 = 0 THEN 'confirming' ELSE 'factoring' END AS type,
            n % ${VISIBLE_EVERY} = 0 AS visible, n % ${ACTED_EVERY} = 0 AS acted
       FROM generate_series(1, ${v.requests}) AS n`,
  `CREATE TEMP TABLE bench_sellers ON COMMIT DROP AS
     SELECT n, gen_random_uuid() AS id FROM generate_series(1, ${v.sellers}) AS n`,
  `CREATE TEMP TABLE bench_debtors ON COMMIT DROP AS
     SELECT n, gen_random_uuid() AS id FROM generate_series(1, ${v.debtors}) AS n`,
  `CREATE TEMP TABLE bench_invoices ON COMMIT DROP AS
     SELECT r.n, j, gen_random_uuid() AS id, r.id AS request_id, s.id AS seller_id,
            d.id AS debtor_id, d.n AS debtor_n
       FROM bench_requests r JOIN bench_sellers s ON s.n = r.seller_n
       CROSS JOIN LATERAL generate_series(1, r.invoices) AS j
       JOIN bench_debtors d ON d.n = 1 + (r.n * 3 + j) % ${v.debtors}`,
  `INSERT INTO sellers (id, plane, name, tax_id, country, verification_status, created_at)
     SELECT id, 'live', 'Bench Seller ' || n, 'B' || lpad(n::text, 8, '0'), 'ES', 'approved', now() FROM bench_sellers`,
  `INSERT INTO debtors (id, plane, name, tax_id, country, created_at)
     SELECT id, 'live', 'Bench Debtor ' || n, 'A' || lpad(n::text, 8, '0'), 'ES', now() FROM bench_debtors`,
  `INSERT INTO invoices (id, plane, seller_id, debtor_id, number, amount, issue_date, due_date, source, created_at)
     SELECT id, 'live', seller_id, debtor_id, 'F-' || n || '-' || j, 5000 + j * 1000,
            current_date - (n % 300), current_date - (n % 300) + 60, 'erp', now()
       FROM bench_invoices`,
  // Funder 1 is the bench funder, 2 to 4 the others ($1 holds the four ids).
  `INSERT INTO funding_requests (id, plane, request_ref, type, status, seller_id, total_amount, advance_amount,
                                 assigned_funder_id, consent_level_required, routed_at, approved_at, funded_at,
                                 closed_at, created_at, updated_at)
     SELECT r.id, 'live', 'BENCH-' || lpad(r.n::text, 7, '0'), r.type, r.status, s.id,
            t.total, t.total * 0.8,
            CASE WHEN r.visible AND NOT r.acted THEN ($1::uuid[])[1] ELSE ($1::uuid[])[2 + r.n % 3] END,
            CASE WHEN r.type = 'factoring' THEN 'acknowledgment' END,
            now() - make_interval(secs => r.n),
            CASE WHEN r.status IN ('approved', 'funded', 'settled') THEN now() - make_interval(secs => r.n) END,
            CASE WHEN r.status IN ('funded', 'settled') THEN now() - make_interval(secs => r.n) END,
            CASE WHEN r.status IN ('declined', 'settled') THEN now() - make_interval(secs => r.n) END,
            now() - make_interval(secs => r.n), now() - make_interval(secs => r.n)
       FROM bench_requests r JOIN bench_sellers s ON s.n = r.seller_n
       CROSS JOIN LATERAL (SELECT sum(5000 + j * 1000)::numeric AS total FROM generate_series(1, r.invoices) AS j) t`,
  `INSERT INTO request_invoices (request_id, invoice_id, position) SELECT request_id, id, j FROM bench_invoices`,
  // Routed: the funder it is routed to now, and for an acted-on request the bench funder too.
  `INSERT INTO request_funders (request_id, funder_id, plane, first_routed_at, acted_at)
     SELECT r.id, q.assigned_funder_id, 'live', now() - make_interval(secs => r.n), NULL
       FROM bench_requests r JOIN funding_requests q ON q.id = r.id
     UNION ALL
     SELECT r.id, ($1::uuid[])[1], 'live', now() - make_interval(secs => r.n + 1), now() - make_interval(secs => r.n)
       FROM bench_requests r WHERE r.acted`,
  `INSERT INTO debtor_notices (id, plane, request_id, debtor_id, status, level_required, level_achieved,
                               channel, signer_name, answered_at, created_at)
     SELECT gen_random_uuid(), 'live', i.request_id, i.debtor_id,
            CASE WHEN r.status IN ('funded', 'settled') THEN 'acknowledged' ELSE 'pending' END, 'acknowledgment',
            CASE WHEN r.status IN ('funded', 'settled') THEN 'acknowledgment' END,
            CASE WHEN r.status IN ('funded', 'settled') THEN 'portal' END,
            CASE WHEN r.status IN ('funded', 'settled') THEN 'Accounts payable' END,
            CASE WHEN r.status IN ('funded', 'settled') THEN now() END, now()
       FROM (SELECT DISTINCT request_id, debtor_id FROM bench_invoices) i JOIN bench_requests r ON r.id = i.request_id
      WHERE r.type = 'factoring'`,
  // One offer per request that has one: by the funder it is routed to, or by the bench funder
  // on an acted-on request (withdrawn when the request went to another funder).
  `INSERT INTO offers (id, plane, request_id, funder_id, rate, advance_pct, days, advance_amount, valid_days,
                       status, submitted_at, expires_at, accepted_at)
     SELECT gen_random_uuid(), 'live', q.id,
            CASE WHEN r.acted THEN ($1::uuid[])[1] ELSE q.assigned_funder_id END,
            2.5, 80, 60, q.total_amount * 0.8, 15,
            CASE WHEN r.acted THEN 'withdrawn' WHEN r.status = 'terms_sent' THEN 'pending' ELSE 'accepted' END,
            q.created_at, q.created_at + interval '15 days',
            CASE WHEN r.status IN ('approved', 'funded', 'settled') AND NOT r.acted THEN q.created_at END
       FROM bench_requests r JOIN funding_requests q ON q.id = r.id
      WHERE r.acted OR r.status IN ('terms_sent', 'approved', 'funded', 'settled')`,
  `INSERT INTO risk_signals (id, plane, request_id, code, severity, hard, status, detail, raised_at)
     SELECT gen_random_uuid(), 'live', r.id, 'amount_above_history', 'medium', false, 'open', 'bench', now()
       FROM bench_requests r WHERE r.n % 60 = 0`,
  `INSERT INTO disputes (id, plane, request_id, debtor_id, raised_by, reason, status, raised_at)
     SELECT gen_random_uuid(), 'live', i.request_id, i.debtor_id, 'seller', 'bench', 'open', now()
       FROM bench_invoices i WHERE i.n % 120 = 0 AND i.j = 1`,
  `INSERT INTO credit_limits (id, funder_id, plane, debtor_country, debtor_tax_id, debtor_name, amount, status,
                              source, decided_at, decided_by, created_at, updated_at)
     SELECT gen_random_uuid(), f.id, 'live', 'ES', 'A' || lpad(d.n::text, 8, '0'), 'Bench Debtor ' || d.n,
            100000 + d.n, 'active', 'import', now(), '{"kind":"bench"}', now(), now()
       FROM bench_debtors d CROSS JOIN unnest($1::uuid[]) AS f(id)`,
  // The bench funder's events, and a hundred times as many of the others'.
  `INSERT INTO outbox_events (id, funder_id, plane, type, api_version, payload, created_at, dispatched_at)
     SELECT gen_random_uuid(), ($1::uuid[])[CASE WHEN n <= ${v.events} THEN 1 ELSE 2 + n % 3 END], 'live',
            'request.routed', '2026-01-01', jsonb_build_object('n', n), now() - make_interval(secs => n), now()
       FROM generate_series(1, ${v.events * 101}) AS n`,
];

/**
 * Seeds the volume for the bench funder (funders[0]) among three others (funders[1..3]), and
 * refreshes the planner's statistics. Answers the request the packet benchmark reads.
 */
export async function seedVolume(db: Db, funders: readonly string[], volume: SeedVolume): Promise<Seeded> {
  if (funders.length !== 4) throw new Error('seedVolume needs the bench funder and three others');
  // Set-wise writes of the whole volume: a job's bounds, not an API call's.
  return runLong(() => seedAsGate(db, funders, volume));
}

function seedAsGate(db: Db, funders: readonly string[], volume: SeedVolume): Promise<Seeded> {
  return runAs(GATE, async () => {
    const seeded = await db.transaction(async (tx) => {
      for (const sql of STEPS(volume)) {
        await tx.query(sql, sql.includes('$1') ? [funders] : []);
      }
      // n = 60: visible, routed to the bench funder, three invoices, status approved, an offer
      // and a risk signal.
      const { rows } = await tx.query<{ id: string }>('SELECT id FROM bench_requests WHERE n = 60');
      return rows[0]!.id;
    });
    await db.exec('ANALYZE');
    return { packetRequestId: seeded, visible: Math.floor(volume.requests / VISIBLE_EVERY) };
  });
}
