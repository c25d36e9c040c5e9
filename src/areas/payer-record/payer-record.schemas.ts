import { type Static, Type } from 'typebox';
import { DateText, Euros, Fields, List, OneOf, OrNull, Text } from '../../platform/http/input.ts';
import { INVOICE_NUMBER_MAX } from '../parties/parties.service.ts';

/** One load of the operations API: at most this many lines, written in one statement. */
export const LEDGER_LINES_MAX = 5_000;

/**
 * One line of a supplier's ledger. Lines are checked one by one against this schema
 * (`itemChecker`): the first bad one refuses the whole load with line_invalid, its number and
 * the field. Dates against today and each other are the service's rules.
 */
export const LedgerLine = Fields(
  {
    invoice_number: Text({ code: 'line_invalid', min: 1, max: INVOICE_NUMBER_MAX }),
    amount: Euros({
      code: 'line_invalid',
      positive: true,
      description: 'Euros above 0, exact to the cent (credit notes are not loaded)',
    }),
    issue_date: DateText({ code: 'line_invalid', description: 'Not later than today' }),
    due_date: Type.Optional(
      OrNull(DateText({ code: 'line_invalid', description: 'On or after issue_date' })),
    ),
    paid_date: Type.Optional(
      OrNull(DateText({ code: 'line_invalid', description: 'Between issue_date and today' })),
    ),
  },
  { code: 'line_invalid', unknownCode: 'line_invalid', description: 'One invoice of the ledger' },
);

export const LedgerBody = Fields({
  plane: OneOf(['live', 'demo'] as const),
  buyer_country: Text({ min: 2, max: 2, pattern: '^[A-Za-z]{2}$', hint: 'must be two letters such as ES' }),
  buyer_tax_id: Text({ min: 1, max: 64 }),
  supplier_key: Text({ min: 1, max: 64, description: 'COUNTRY:TAXID' }),
  lines: List(LedgerLine, {
    perItem: true,
    min: 1,
    max: LEDGER_LINES_MAX,
    byKeyword: { maxItems: 'too_many_lines' },
    description: `1 to ${LEDGER_LINES_MAX} lines; the first bad line refuses the load (line_invalid)`,
  }),
});

export type LedgerLoadInput = Static<typeof LedgerBody>;
export type LedgerLineInput = Static<typeof LedgerLine>;
