import type { TSchema } from 'typebox';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { cachedRead } from '../../platform/http/cached-read.ts';
import { ex } from '../../platform/http/openapi/examples.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { PAGING_DOC } from '../../platform/http/schemas.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import type { ReadCache } from '../../platform/read-cache.ts';
import {
  BookQuery,
  DebtorBook,
  DebtorLimitAnswer,
  DebtorLimitBody,
  ImportAnswer,
  ImportBody,
  SellerBook,
  SellerLimitAnswer,
  SellerLimitBody,
} from './limits.schemas.ts';
import type { LimitsService } from './limits.service.ts';

/** 2,000 rows with names and notes can pass the default 1 MiB: the import takes up to 4 MiB. */
const IMPORT_BODY_LIMIT = 4 * 1024 * 1024;

const exposureNote =
  'Exposure is what a limit holds: `outstanding` (funded and not yet paid), `committed` (accepted, not yet funded) and `offered` (your open offers). `available` is the limit minus the exposure (null without an amount). A limit is `frozen` while a debtor is overdue.';

const keyed = keyRoutes('Limits and payer record');

/** The options of a GET of one book (debtors or sellers): each line with its limit and exposure. */
const bookRoute = <B extends TSchema>(
  doc: { operationId: string; summary: string; lead: string; success: string },
  summary: string,
  book: B,
) =>
  keyed(
    OPENS.limitsRead,
    {
      operationId: doc.operationId,
      summary: doc.summary,
      description: [
        doc.lead,
        '',
        exposureNote,
        '',
        '`limit` (1 to 500) reads the book in pages; without it the whole book comes in one answer.',
        PAGING_DOC,
        'A line whose exposure ends during a walk leaves the book, and one that starts joins it where its order puts it: what is added behind the cursor shows on the next walk.',
      ].join('\n'),
      success: doc.success,
      errors: ['cursor_invalid'],
    },
    { summary, querystring: BookQuery, response: { 200: book } },
  );

/** The credit-limit books: limits per debtor and per seller, and the exposure against them. */
export function limitsRoutes({
  limits,
  readCache,
}: {
  limits: LimitsService;
  readCache: ReadCache;
}): AreaRoutes {
  return (app) => {
    app.get(
      '/v1/credit-limits',
      bookRoute(
        {
          operationId: 'listCreditLimits',
          summary: 'Your debtor limits and exposure',
          lead: 'Every debtor you have a limit on or an exposure to, in euros, with the limit on record, where it came from (`manual`, `api`, `import`, `insurer`) and the invoices a seller marked as paid that are still open with you.',
          success: 'Your debtor book.',
        },
        'Your debtor book: each debtor with a limit or exposure',
        DebtorBook,
      ),
      // Answered as the bytes this route's serializer writes, kept between calls.
      async (request, reply) =>
        cachedRead(reply, readCache, limits.getCreditLimits(request.caller!, request.query)),
    );

    app.put(
      '/v1/credit-limits',
      keyed(
        OPENS.limitsWrite,
        {
          operationId: 'setCreditLimit',
          summary: 'Set the limit on one debtor',
          description: [
            'Replaces the limit on one debtor (source `api`): `debtor_tax_id` (required; spaces, dots, dashes and slashes are ignored), `debtor_country` (two letters; may be left out when the tax id is known in one country only), `debtor_name`, `amount` (euros, 0 or more, or null; required for an `active` limit), `status` (`active` by default, `refused`, `suspended`) and `note`.',
            '',
            'From then on the database refuses any offer the limit cannot hold (409 `credit_limit`). Sending what is on record changes nothing (`changed: false`).',
          ].join('\n'),
          success: 'The limit on record after the call.',
          errors: [
            'debtor_tax_id_required',
            'invalid_amount',
            'invalid_limit',
            'country_invalid',
            'conflict',
          ],
          requestExamples: {
            active: {
              summary: 'An active limit of 250,000 euros',
              value: {
                debtor_tax_id: ex.debtorTaxId,
                debtor_country: 'ES',
                debtor_name: ex.debtorName,
                amount: 250000,
                status: 'active',
                note: 'Annual review 2026',
              },
            },
            refused: {
              summary: 'Refuse a debtor',
              value: { debtor_tax_id: 'A11223344', debtor_country: 'ES', status: 'refused', amount: null },
            },
          },
        },
        {
          summary: 'Set the limit on one debtor',
          body: DebtorLimitBody,
          response: { 200: DebtorLimitAnswer },
        },
      ),
      async (request) => limits.putCreditLimit(request.caller!, request.body),
    );

    app.post(
      '/v1/credit-limits/import',
      {
        ...keyed(
          OPENS.limitsWrite,
          {
            operationId: 'importCreditLimits',
            summary: 'Import debtor limits in bulk',
            description: [
              'Sets many debtor limits in one call: `{rows, source, source_ref}` or a bare array of rows. `rows` holds 1 to 2,000 items shaped like the body of `PUT /v1/credit-limits` (an amount may also be text with a decimal point, such as `"1250.50"`); `source` is `import` (default) or `insurer`; `source_ref` (up to 200 characters) names the file or policy and is kept on each limit and its history.',
              '',
              'Each row is checked like a single limit and answered on its own: a refused row (`invalid_amount`, `debtor_tax_id_required`, `duplicate_debtor`, `invalid_status`, `amount_required`, `invalid_country`, `row_invalid`, `invalid_limit`) does not stop the others, and a debtor twice in one call is refused the second time.',
            ].join('\n'),
            success: 'One answer per row, with the counts.',
            errors: [
              'too_many_rows',
              'rows_required',
              'invalid_source',
              'source_ref_invalid',
              'source_ref_too_long',
              'conflict',
            ],
            requestExamples: {
              insurer: {
                summary: 'Two limits from a credit insurer',
                value: {
                  source: 'insurer',
                  source_ref: 'POLICY-88213/2026-10',
                  rows: [
                    { debtor_tax_id: ex.debtorTaxId, debtor_country: 'ES', amount: 250000 },
                    {
                      debtor_tax_id: 'PT509876543',
                      debtor_country: 'PT',
                      amount: '80000.00',
                      status: 'active',
                    },
                  ],
                },
              },
            },
          },
          {
            summary: 'Set up to 2,000 debtor limits at once, each row answered on its own',
            body: ImportBody,
            response: { 200: ImportAnswer },
          },
        ),
        bodyLimit: IMPORT_BODY_LIMIT,
      },
      async (request) => limits.importCreditLimits(request.caller!, request.body),
    );

    app.get(
      '/v1/seller-limits',
      bookRoute(
        {
          operationId: 'listSellerLimits',
          summary: 'Your seller limits and exposure',
          lead: 'Every seller you have a limit on or an exposure to, in euros, with the limit on record.',
          success: 'Your seller book.',
        },
        'Your seller book: each seller routed to you, acted on, or with a limit',
        SellerBook,
      ),
      // Answered as the bytes this route's serializer writes, kept between calls.
      async (request, reply) =>
        cachedRead(reply, readCache, limits.getSellerLimits(request.caller!, request.query)),
    );

    app.put(
      '/v1/seller-limits',
      keyed(
        OPENS.limitsWrite,
        {
          operationId: 'setSellerLimit',
          summary: 'Set the limit on one seller',
          description:
            'Replaces the limit on one seller (source `api`): `seller_id` (required, as `GET /v1/seller-limits` gives it; an unknown seller answers 404), `amount` (euros, 0 or more, or null; required for an `active` limit), `status` (`active` by default, `refused`, `suspended`) and `note`. From then on an offer the limit cannot hold is refused with 409 `credit_limit`.',
          success: 'The limit on record after the call.',
          errors: ['not_found', 'seller_id_required', 'invalid_amount', 'invalid_limit', 'conflict'],
          requestExamples: {
            active: {
              summary: 'An active limit of 500,000 euros',
              value: {
                seller_id: ex.sellerId,
                amount: 500000,
                status: 'active',
                note: 'Approved by committee',
              },
            },
          },
        },
        {
          summary: 'Set the limit on one seller',
          body: SellerLimitBody,
          response: { 200: SellerLimitAnswer },
        },
      ),
      async (request) => limits.putSellerLimit(request.caller!, request.body),
    );
  };
}
