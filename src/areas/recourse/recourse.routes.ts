import type { AreaRoutes } from '../../platform/http/app.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { IdParams, PAGING_DOC } from '../../platform/http/schemas.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import { CloseBody, CloseResult, Recourse, RecourseQuery } from './recourse.schemas.ts';
import type { RecourseService } from './recourse.service.ts';

/** The example claim of the overview's answer. */
const claimExample = {
  claim_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  kind: 'recourse',
  status: 'open',
  request_id: '3f8b6c1e-2d4a-4e5f-9a7b-1c2d3e4f5a6b',
  request_ref: 'FR-2026-000123',
  seller: { seller_id: '9b2f1c3d-4e5a-4b6c-8d7e-0f1a2b3c4d5e', name: 'Talleres Ebro, S.L.' },
  claim_amount: 8200,
  amount_advanced: 8000,
  fees: 200,
  collected: 0,
  paid_since_opened: 0,
  remaining: 8200,
  pay_to_iban: 'ES9121000418450200051332',
  pay_reference: 'RF47FR2026000123',
  due_date: '2026-12-31',
  recourse_days: 30,
  opens_on: '2027-01-30',
  opened_at: '2027-01-29T23:00:07.000Z',
  closed_at: null,
  settled_by: null,
  close_reason: null,
};

const group = (requests: number, face: number, advanced: number, rule: number, confidential: number) => ({
  requests,
  face_value_outstanding: face,
  amount_advanced: advanced,
  with_claim_rule: rule,
  confidential,
});

const keyed = keyRoutes('Recourse');

/** The funder's recourse claims: the overview, and closing a claim. */
export function recourseRoutes({ recourse }: { recourse: RecourseService }): AreaRoutes {
  return (app) => {
    app.get(
      '/v1/recourse',
      keyed(
        OPENS.read,
        {
          operationId: 'getRecourse',
          summary: 'Your funded book by recourse type, and your recourse claims',
          description: [
            '`requests_by_recourse` counts your funded factoring requests not yet settled (you are their funder of record) by the recourse of the terms they were routed under: `with`, `without`, and `not_recorded` for requests routed before programme terms were recorded (2026-09-28). Each group gives `requests`, `face_value_outstanding` (the invoices’ face value less what you recorded as received), `amount_advanced`, `with_claim_rule` (terms with `recourse_days`) and `confidential` (routed under confidential terms).',
            '',
            'A claim opens by itself once a funded request is still not settled `recourse_days` Madrid calendar days after the earliest due date of its invoices: `kind` `recourse` (terms with recourse) for what you advanced plus the fee recorded (the accepted offer’s `rate` applied to the amount advanced) less what was collected; `debtor_default` (without recourse) for what the debtor still owes. The seller pays to `pay_to_iban` quoting `pay_reference`.',
            '',
            'Payments recorded on the request after the claim opened (`settle`, a confirmed statement line, the seller’s repayment) count in `paid_since_opened`; once they cover a recourse claim it is `settled` (`settled_by` `recourse`) and the request closes as `settled`, its invoices back with the seller. A request that settles the ordinary way settles its claim of either kind (`settled_by` `request_settled`).',
            '',
            '`claims_by_kind` counts every claim of yours by kind and status; `claims` lists them (only those of `status` when given), open first, then the newest.',
            '',
            '`limit` (1 to 200) reads `claims` in pages; without it every claim comes in one answer. The books and counts are on every page.',
            PAGING_DOC,
            'A claim that closes during a walk moves from the open ones to the others, so it can come once more on a later page: key what you keep by `id`. A cursor is bound to the `status` it was read with.',
          ].join('\n'),
          success: 'Your funded book by recourse type and your claims.',
          errors: ['status_invalid', 'cursor_invalid'],
          responseExamples: {
            '200': {
              oneOpen: {
                summary: 'One open recourse claim',
                value: {
                  funder: { bank_id: '5d0f3a52-8d2e-4f0b-9a51-7a9c2f1e6b3d', name: 'Banco Ejemplo' },
                  currency: 'EUR',
                  requests_by_recourse: {
                    with: group(3, 41000, 32800, 3, 1),
                    without: group(1, 12000, 9600, 1, 1),
                    not_recorded: group(2, 18500, 14800, 0, 0),
                  },
                  claims_by_kind: {
                    recourse: { open: 1, settled: 0, withdrawn: 0, written_off: 0 },
                    debtor_default: { open: 0, settled: 0, withdrawn: 0, written_off: 0 },
                  },
                  count: 1,
                  claims: [claimExample],
                  has_more: false,
                  next_cursor: null,
                },
              },
            },
          },
        },
        { querystring: RecourseQuery, response: { 200: Recourse } },
      ),
      async (request) => recourse.overview(request.caller!, request.query),
    );

    app.post(
      '/v1/recourse/:id/close',
      keyed(
        OPENS.decide,
        {
          operationId: 'closeRecourseClaim',
          summary: 'Withdraw a recourse claim or write off a debtor default',
          description: [
            'Closes an open claim of yours: `withdrawn` for a claim of kind `recourse` (you no longer ask the seller to repay), `written_off` for a `debtor_default`. Any other pairing answers `close_invalid`; a claim no longer open answers `claim_closed`. `reason` (at least 8 characters) is kept on the evidence chain. The request itself does not change status.',
            '',
            'A claim on a request you can read (you acted on it) that belongs to another funder answers 403 `not_your_claim`; a claim you cannot see at all answers 404.',
          ].join('\n'),
          success: 'The claim and its new status.',
          errors: [
            'not_your_claim',
            'body_invalid',
            'status_invalid',
            'reason_required',
            'close_invalid',
            'claim_closed',
          ],
          requestExamples: {
            withdraw: {
              summary: 'Withdraw a recourse claim',
              value: {
                status: 'withdrawn',
                reason: 'Debtor paid us directly after a settlement agreement',
              },
            },
            writeOff: {
              summary: 'Write off a debtor default',
              value: {
                status: 'written_off',
                reason: 'Debtor insolvent, claim filed with the administrator',
              },
            },
          },
        },
        { params: IdParams, body: CloseBody, response: { 200: CloseResult } },
      ),
      async (request) => recourse.close(request.caller!, request.params.id, request.body),
    );
  };
}
