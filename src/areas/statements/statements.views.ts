import { decimalToEuros } from '../../platform/money.ts';
import type { LineRow, StatementRow } from './statements.store.ts';

/** One transaction of a statement as the API shows it. */
export function lineView(row: LineRow) {
  return {
    line: row.line,
    file_line: row.file_line,
    element: row.element,
    booking_date: row.booking_date,
    booking_date_source: row.booking_date_source,
    value_date: row.value_date,
    direction: row.direction,
    reversal: row.reversal,
    entry_status: row.entry_status,
    amount: decimalToEuros(row.amount)!,
    currency: row.currency,
    bank_reference: row.bank_reference,
    end_to_end_id: row.end_to_end_id,
    remittance_text: row.remittance_text,
    creditor_reference: row.creditor_reference,
    document_numbers: row.document_numbers,
    counterparty_name: row.counterparty_name,
    counterparty_iban: row.counterparty_iban,
    payment_candidate: row.payment_candidate,
    match:
      row.match_request_id && row.match_method
        ? {
            request_id: row.match_request_id,
            request_ref: row.match_request_ref ?? '',
            invoice_number: row.match_invoice_number,
            method: row.match_method,
            confidence: Number(row.match_confidence),
          }
        : null,
    confirmation:
      row.confirmed_at && row.confirmed_request_id && row.settlement_id
        ? {
            request_id: row.confirmed_request_id,
            request_ref: row.confirmed_request_ref ?? '',
            invoice_number: row.confirmed_invoice_number,
            settlement_id: row.settlement_id,
            confirmed_at: row.confirmed_at.toISOString(),
          }
        : null,
  };
}

/** StatementResult: the statement, its figures, and every line with its proposed match. */
export function statementView(row: StatementRow, lines: readonly LineRow[]) {
  return {
    id: row.id,
    kind: row.kind,
    version: row.version,
    file_name: row.file_name,
    sha256: row.sha256,
    size_bytes: row.size_bytes,
    imported_at: row.imported_at.toISOString(),
    bank_statement_ids: row.bank_statement_ids,
    account: { iban: row.account_iban, currency: row.account_currency },
    csv_layout: row.csv_layout,
    first_booking_date: row.first_booking_date,
    last_booking_date: row.last_booking_date,
    currency: 'EUR' as const,
    line_count: row.line_count,
    credit_count: row.credit_count,
    debit_count: row.debit_count,
    reversal_count: row.reversal_count,
    candidate_count: row.candidate_count,
    matched_count: row.matched_count,
    unmatched_count: row.candidate_count - row.matched_count,
    total_credited: decimalToEuros(row.total_credited)!,
    total_debited: decimalToEuros(row.total_debited)!,
    lines: lines.map(lineView),
  };
}

export type StatementLineView = ReturnType<typeof lineView>;
export type StatementResultView = ReturnType<typeof statementView>;
