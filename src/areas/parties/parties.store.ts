import type { Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { type LockOption, lockClause, type TableColumns } from '../../platform/db/scoped.ts';
import { type NamedStatement, namedStatement, runStatement } from '../../platform/db/statements.ts';

export type VerificationStatus = 'pending' | 'approved' | 'rejected' | 'lapsed';
export type InvoiceSource = 'erp' | 'e_invoice' | 'saft' | 'upload';

export interface SellerRow {
  id: string;
  plane: Plane;
  name: string;
  tax_id: string;
  country: string;
  verification_status: VerificationStatus;
  /** YYYY-MM-DD (both adapters return dates as text). */
  founded_on: string | null;
  /** numeric(18,2) as text. */
  annual_revenue: string | null;
  employees: number | null;
  sector: string | null;
  email: string | null;
  created_at: Date;
}

export interface DebtorRow {
  id: string;
  plane: Plane;
  name: string;
  tax_id: string;
  country: string;
  is_public_body: boolean;
  created_at: Date;
}

export interface InvoiceRow {
  id: string;
  plane: Plane;
  seller_id: string;
  debtor_id: string;
  number: string;
  amount: string;
  currency: 'EUR';
  issue_date: string;
  due_date: string | null;
  source: InvoiceSource;
  seller_marked_paid_at: Date | null;
  created_at: Date;
}

const SELLER_COLUMN_NAMES = [
  'id',
  'plane',
  'name',
  'tax_id',
  'country',
  'verification_status',
  'founded_on',
  'annual_revenue',
  'employees',
  'sector',
  'email',
  'created_at',
] as const;
const DEBTOR_COLUMN_NAMES = [
  'id',
  'plane',
  'name',
  'tax_id',
  'country',
  'is_public_body',
  'created_at',
] as const;
const INVOICE_COLUMN_NAMES = [
  'id',
  'plane',
  'seller_id',
  'debtor_id',
  'number',
  'amount',
  'currency',
  'issue_date',
  'due_date',
  'source',
  'seller_marked_paid_at',
  'created_at',
] as const;
const SELLER_COLUMNS = SELLER_COLUMN_NAMES.join(', ');
const DEBTOR_COLUMNS = DEBTOR_COLUMN_NAMES.join(', ');
const INVOICE_COLUMNS = INVOICE_COLUMN_NAMES.join(', ');

/** How a row of `table` is read by id: on one plane or on either (the operations team), locked or not. */
interface ByIdVariant {
  plane: boolean;
  lock: boolean;
}

const byIdName = (table: string, { plane, lock }: ByIdVariant) =>
  `${table}_by_id${plane ? '_on_plane' : ''}${lock ? '_locked' : ''}`;
const byIdSql = (table: string, columns: string, { plane, lock }: ByIdVariant) =>
  `SELECT ${columns} FROM ${table} WHERE id = $1${plane ? ' AND plane = $2' : ''}${lockClause(lock)}`;

// Named (planned once per connection): the packet reads its seller on every call, and under
// the sellers' policy a fresh plan cost more than the read (bench/README.md, "Request reads").
const sellerById = (variant: ByIdVariant) =>
  namedStatement<SellerRow>()({
    name: byIdName('sellers', variant),
    columns: SELLER_COLUMN_NAMES,
    sql: byIdSql('sellers', SELLER_COLUMNS, variant),
  });
const debtorById = (variant: ByIdVariant) =>
  namedStatement<DebtorRow>()({
    name: byIdName('debtors', variant),
    columns: DEBTOR_COLUMN_NAMES,
    sql: byIdSql('debtors', DEBTOR_COLUMNS, variant),
  });
const invoiceById = (variant: ByIdVariant) =>
  namedStatement<InvoiceRow>()({
    name: byIdName('invoices', variant),
    columns: INVOICE_COLUMN_NAMES,
    sql: byIdSql('invoices', INVOICE_COLUMNS, variant),
  });

/**
 * The reads by id of one kind of row: on one plane, where a row of the other plane is not found,
 * or on either plane (the operations team); `lock` locks the row. Its four statements are
 * declared here, once.
 */
function byId<Row>(declare: (variant: ByIdVariant) => NamedStatement<Row>) {
  const onPlane = declare({ plane: true, lock: false });
  const onPlaneLocked = declare({ plane: true, lock: true });
  const anyPlane = declare({ plane: false, lock: false });
  const anyPlaneLocked = declare({ plane: false, lock: true });
  const first = async (q: Queryable, statement: NamedStatement<Row>, params: readonly unknown[]) =>
    (await runStatement(q, statement, params)).rows[0] ?? null;
  return {
    onPlane: (q: Queryable, plane: Plane, id: string, options: LockOption = {}): Promise<Row | null> =>
      first(q, options.lock ? onPlaneLocked : onPlane, [id, plane]),
    forOperator: (q: Queryable, id: string, options: LockOption = {}): Promise<Row | null> =>
      first(q, options.lock ? anyPlaneLocked : anyPlane, [id]),
  };
}

/** The read of a party of `from` by its country and tax id on a plane. */
function byKey<Row>(from: TableColumns) {
  return async (q: Queryable, plane: Plane, country: string, taxId: string): Promise<Row | null> => {
    const { rows } = await q.query<Row>(
      `SELECT ${from.columns} FROM ${from.table} WHERE plane = $1 AND country = $2 AND tax_id = $3`,
      [plane, country, taxId],
    );
    return rows[0] ?? null;
  };
}

const SELLERS = { table: 'sellers', columns: SELLER_COLUMNS };
const DEBTORS = { table: 'debtors', columns: DEBTOR_COLUMNS };
const sellers = byId(sellerById);
const debtors = byId(debtorById);
const invoices = byId(invoiceById);

// Sellers, debtors and invoices by id, and parties by key

export const findSeller = sellers.onPlane;
export const findSellerForOperator = sellers.forOperator;
export const findSellerByKey = byKey<SellerRow>(SELLERS);
export const findDebtor = debtors.onPlane;
export const findDebtorForOperator = debtors.forOperator;
export const findDebtorByKey = byKey<DebtorRow>(DEBTORS);
export const findInvoice = invoices.onPlane;
export const findInvoiceForOperator = invoices.forOperator;

// Sellers

/**
 * Inserts a seller unless its plane already has one with that country and tax id (the unique
 * key): null then. Two writes making the same seller at once get one row; the second waits for
 * the first to commit and answers null.
 */
export async function insertSellerIfNew(q: Queryable, row: SellerRow): Promise<SellerRow | null> {
  const { rows } = await q.query<SellerRow>(
    `INSERT INTO sellers (id, plane, name, tax_id, country, verification_status, founded_on, annual_revenue,
                          employees, sector, email, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::date, $8::numeric, $9, $10, $11, $12)
     ON CONFLICT (plane, country, tax_id) DO NOTHING
     RETURNING ${SELLER_COLUMNS}`,
    [
      row.id,
      row.plane,
      row.name,
      row.tax_id,
      row.country,
      row.verification_status,
      row.founded_on,
      row.annual_revenue,
      row.employees,
      row.sector,
      row.email,
      row.created_at,
    ],
  );
  return rows[0] ?? null;
}

export async function updateSellerVerification(
  q: Queryable,
  plane: Plane,
  id: string,
  status: VerificationStatus,
): Promise<SellerRow> {
  const { rows } = await q.query<SellerRow>(
    `UPDATE sellers SET verification_status = $2 WHERE id = $1 AND plane = $3 RETURNING ${SELLER_COLUMNS}`,
    [id, status, plane],
  );
  return rows[0]!;
}

// Debtors

/** Inserts a debtor unless its plane already has one with that country and tax id: null then. */
export async function insertDebtorIfNew(q: Queryable, row: DebtorRow): Promise<DebtorRow | null> {
  const { rows } = await q.query<DebtorRow>(
    `INSERT INTO debtors (id, plane, name, tax_id, country, is_public_body, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (plane, country, tax_id) DO NOTHING
     RETURNING ${DEBTOR_COLUMNS}`,
    [row.id, row.plane, row.name, row.tax_id, row.country, row.is_public_body, row.created_at],
  );
  return rows[0] ?? null;
}

// Invoices

export async function insertInvoice(
  q: Queryable,
  row: Omit<InvoiceRow, 'currency' | 'seller_marked_paid_at'>,
): Promise<InvoiceRow> {
  const { rows } = await q.query<InvoiceRow>(
    `INSERT INTO invoices (id, plane, seller_id, debtor_id, number, amount, issue_date, due_date, source, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::numeric, $7::date, $8::date, $9, $10)
     RETURNING ${INVOICE_COLUMNS}`,
    [
      row.id,
      row.plane,
      row.seller_id,
      row.debtor_id,
      row.number,
      row.amount,
      row.issue_date,
      row.due_date,
      row.source,
      row.created_at,
    ],
  );
  return rows[0]!;
}

export async function findInvoiceByNumber(
  q: Queryable,
  plane: Plane,
  sellerId: string,
  number: string,
): Promise<InvoiceRow | null> {
  const { rows } = await q.query<InvoiceRow>(
    `SELECT ${INVOICE_COLUMNS} FROM invoices WHERE seller_id = $1 AND number = $2 AND plane = $3`,
    [sellerId, number, plane],
  );
  return rows[0] ?? null;
}

export async function setInvoiceSellerPaid(
  q: Queryable,
  plane: Plane,
  id: string,
  paidAt: Date | null,
): Promise<InvoiceRow> {
  const { rows } = await q.query<InvoiceRow>(
    `UPDATE invoices SET seller_marked_paid_at = $2 WHERE id = $1 AND plane = $3 RETURNING ${INVOICE_COLUMNS}`,
    [id, paidAt, plane],
  );
  return rows[0]!;
}
