import type { FunderScope } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { namedStatement, runStatement } from '../../platform/db/statements.ts';
import { requestInScope } from './requests.store.ts';

/** The invoices of a request (its receivables) with their debtors: the packet's and the risk rules' reads. */

export interface ReceivableRow {
  invoice_id: string;
  number: string;
  amount: string;
  issue_date: string;
  due_date: string | null;
  source: string;
  debtor_id: string;
  debtor_name: string;
  debtor_tax_id: string;
  debtor_country: string;
  is_public_body: boolean;
}

const RECEIVABLES_SELECT = `
  SELECT i.id AS invoice_id, i.number, i.amount, i.issue_date, i.due_date, i.source,
         d.id AS debtor_id, d.name AS debtor_name, d.tax_id AS debtor_tax_id, d.country AS debtor_country,
         d.is_public_body
    FROM request_invoices ri JOIN invoices_read i ON i.id = ri.invoice_id JOIN debtors_read d ON d.id = i.debtor_id`;

const RECEIVABLES = namedStatement<ReceivableRow>()({
  name: 'request_receivables',
  columns: [
    'invoice_id',
    'number',
    'amount',
    'issue_date',
    'due_date',
    'source',
    'debtor_id',
    'debtor_name',
    'debtor_tax_id',
    'debtor_country',
    'is_public_body',
  ],
  sql: `${RECEIVABLES_SELECT}
      WHERE ri.request_id = $1 AND ${requestInScope('ri.request_id', '$2', '$3')}
      ORDER BY ri.position, i.number`,
});

/** The invoices of a request the funder may see, in the order the seller listed them. */
export async function receivablesOf(q: Queryable, scope: FunderScope, requestId: string) {
  const { rows } = await runStatement(q, RECEIVABLES, [requestId, scope.plane, scope.funderId]);
  return rows;
}

export async function receivablesForOps(q: Queryable, requestId: string): Promise<ReceivableRow[]> {
  const { rows } = await q.query<ReceivableRow>(
    `${RECEIVABLES_SELECT} WHERE ri.request_id = $1 ORDER BY ri.position, i.number`,
    [requestId],
  );
  return rows;
}
