import type { OperationDocs } from '../types.ts';
import { sandboxOnly } from './sandbox.ts';

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

/** Recourse claims: the overview, closing a claim, and the sandbox helper of a seller's repayment. */
export const recourseOperations: OperationDocs = {
  'GET /v1/recourse': {
    operationId: 'getRecourse',
    summary: 'Your funded book by recourse type, and your recourse claims',
    tag: 'Recourse',
    description: [
      '`requests_by_recourse` counts your funded factoring requests not yet settled (you are their funder of record) by the recourse of the terms they were routed under: `with`, `without`, and `not_recorded` for requests routed before programme terms were recorded (2026-09-28). Each group gives `requests`, `face_value_outstanding` (the invoices’ face value less what you recorded as received), `amount_advanced`, `with_claim_rule` (terms with `recourse_days`) and `confidential` (routed under confidential terms).',
      '',
      'A claim opens by itself once a funded request is still not settled `recourse_days` Madrid calendar days after the earliest due date of its invoices: `kind` `recourse` (terms with recourse) for what you advanced plus the fee recorded (the accepted offer’s `rate` applied to the amount advanced) less what was collected; `debtor_default` (without recourse) for what the debtor still owes. The seller pays to `pay_to_iban` quoting `pay_reference`.',
      '',
      'Payments recorded on the request after the claim opened (`settle`, a confirmed statement line, the seller’s repayment) count in `paid_since_opened`; once they cover a recourse claim it is `settled` (`settled_by` `recourse`) and the request closes as `settled`, its invoices back with the seller. A request that settles the ordinary way settles its claim of either kind (`settled_by` `request_settled`).',
      '',
      '`claims_by_kind` counts every claim of yours by kind and status; `claims` lists them (only those of `status` when given), open first, then the newest.',
    ].join('\n'),
    success: 'Your funded book by recourse type and your claims.',
    errors: ['status_invalid'],
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
          },
        },
      },
    },
  },
  'POST /v1/recourse/{id}/close': {
    operationId: 'closeRecourseClaim',
    summary: 'Withdraw a recourse claim or write off a debtor default',
    tag: 'Recourse',
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
        value: { status: 'withdrawn', reason: 'Debtor paid us directly after a settlement agreement' },
      },
      writeOff: {
        summary: 'Write off a debtor default',
        value: { status: 'written_off', reason: 'Debtor insolvent, claim filed with the administrator' },
      },
    },
  },
  'POST /v1/sandbox/recourse/{id}/repayment': {
    operationId: 'sandboxRecourseRepayment',
    summary: 'Sandbox: the seller repays a recourse claim',
    tag: 'Sandbox',
    description: [
      'The seller repays your open recourse claim today, quoting its `pay_reference`: `amount` (default what remains of the claim) is recorded as a payment on the request (source `recourse`, event `settlement.recorded`), which lowers `outstanding` in your exposure books. Once repayments since the claim opened cover `claim_amount` the claim is `settled` and the request closes as settled by recourse. A `debtor_default` claim is not repaid by the seller (409 `invalid_state`); more than what remains answers `invalid_amount`; a claim that is not yours answers 404.',
      '',
      sandboxOnly,
    ].join('\n'),
    success: 'The claim after the repayment, the payment recorded and the request’s status.',
    errors: ['sandbox_only', 'claim_closed', 'invalid_state', 'invalid_amount'],
    requestExamples: {
      part: { summary: 'A first part of the claim', value: { amount: 1000 } },
      all: { summary: 'What remains', value: {} },
    },
  },
};
