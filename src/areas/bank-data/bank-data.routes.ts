import type { AreaRoutes } from '../../platform/http/app.ts';
import { ex } from '../../platform/http/openapi/examples.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import { BankDataAnswer, CashFlowAnswer } from './bank-data.schemas.ts';
import type { BankDataService } from './bank-data.service.ts';

const ibans = 'An IBAN is never shown whole: `iban_last4` carries its last four characters only.';

const alert = {
  alert_id: '5c1e9a3f-7d2b-4e6a-8f0c-3b9d1a7e5c24',
  request_id: ex.requestId,
  request_ref: ex.requestRef,
  debtor_tax_id: ex.debtorTaxId,
  debtor_name: ex.debtorName,
  amount: 12400,
  received_at: ex.now,
  reference: 'TRANSF 0041 FRA-2026-118',
  raised_at: ex.now,
};

const months = [
  '2025-11',
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
].map((month, i) => ({
  month,
  credits: 41_000 + i * 500,
  debits: 33_500 + i * 250,
  net: 7_500 + i * 250,
  movements: 4,
}));

const requestsKeyed = keyRoutes('Requests');
const bankDataKeyed = keyRoutes('Bank data');

/** A request's cash flow and the funder's bank data. */
export function bankDataRoutes({ bankData }: { bankData: BankDataService }): AreaRoutes {
  return (app) => {
    app.get(
      '/v1/requests/:id/cash-flow',
      requestsKeyed(
        OPENS.read,
        {
          operationId: 'getRequestCashFlow',
          summary: 'The seller’s cash flow, as its bank shares it with you',
          description: [
            'For a request routed to you or one you acted on (404 otherwise). `cash_flow` is null until the request’s seller connects its business account for you (read-only; a seller’s consent is given to one funder and no other funder sees it), and again once it revokes its consent. Then: the `connection`, the `accounts` its bank returned (holder, whether held in the company’s name), their `balances`, twelve months of `movements` by month (the current Madrid month last, months without movements at 0), and the `payout_account` check: the account you pay into must be among the accounts returned and held in the company’s name (`confirmed`).',
            '',
            '`bank_data` is the request’s term as routed. `bank_data_problems` lists what the term still waits for: under `requested` the seller is asked to connect (`not_connected`, `consent_revoked`; never holding funding); under `required` also the payout account (`payout_account_missing`, `payout_account_not_returned`, `payout_account_not_in_company_name`), each with `holds_funding: true` — the fund decision answers 409 `funding_gate_failed` with the gate `bank_data` and these problems.',
            '',
            '`payment_alerts`: payments the seller received from a debtor of this request after you funded it under confidential terms; each also sent once as the event `payment.reached_seller`.',
            '',
            ibans,
          ].join('\n'),
          success: 'The cash flow (or null), the bank data problems and the payment alerts of the request.',
          errors: [],
          responseExamples: {
            '200': {
              connected: {
                summary: 'A connected seller with a payment alert',
                value: {
                  request_id: ex.requestId,
                  bank_data: 'required',
                  cash_flow: {
                    connection: {
                      connection_id: '7a2f4c9e-1b3d-4e5f-8a6b-9c0d2e4f6a81',
                      status: 'active',
                      consented_at: '2026-09-28T08:12:00.000Z',
                      last_read_at: '2026-09-28T08:12:00.000Z',
                    },
                    accounts: [
                      {
                        account_id: '2b6d8f0a-3c5e-4a7b-9d1f-4e6a8c0b2d93',
                        iban_last4: '1332',
                        holder_name: ex.sellerName,
                        in_company_name: true,
                        currency: 'EUR',
                      },
                    ],
                    balances: [
                      {
                        account_id: '2b6d8f0a-3c5e-4a7b-9d1f-4e6a8c0b2d93',
                        iban_last4: '1332',
                        amount: 48250.4,
                        currency: 'EUR',
                        as_of: '2026-09-28T08:12:00.000Z',
                      },
                    ],
                    movements: { from_month: '2025-11', to_month: '2026-10', months },
                    payout_account: {
                      iban_last4: '1332',
                      returned_by_bank: true,
                      in_company_name: true,
                      confirmed: true,
                    },
                  },
                  bank_data_problems: [],
                  payment_alerts: [alert],
                },
              },
              waiting: {
                summary: 'Required, and the seller has not connected yet',
                value: {
                  request_id: ex.requestId,
                  bank_data: 'required',
                  cash_flow: null,
                  bank_data_problems: [
                    {
                      problem: 'not_connected',
                      holds_funding: true,
                      asked_at: '2026-09-27T10:00:00.000Z',
                      message: 'The seller has not connected its business account for you yet.',
                    },
                  ],
                  payment_alerts: [],
                },
              },
            },
          },
        },
        { params: IdParams, response: { 200: CashFlowAnswer } },
      ),
      async (request) => bankData.cashFlow(request.caller!, request.params.id),
    );

    app.get(
      '/v1/bank-data',
      bankDataKeyed(
        OPENS.read,
        {
          operationId: 'getBankData',
          summary: 'Your bank data: collection accounts, sellers sharing, alerts, charges',
          description: [
            'Your own collection account connections (each with its accounts, when last read, and the last error: `status` is `failing` while the last read failed); `sellers_sharing`, how many sellers’ consents to you are in force now; the payment alerts on your requests received in the last 180 Madrid calendar days (`since` is the first day counted); and the account-information provider’s reads charged to you by month, newest first. `unit_price_eur` and `amount_eur` (reads × unit price, rounded to the cent) are null until the service’s operations team sets the provider’s price for that month.',
            '',
            ibans,
          ].join('\n'),
          success: 'Your bank data overview.',
          errors: [],
          responseExamples: {
            '200': {
              overview: {
                summary: 'One collection bank, two sellers sharing, one alert',
                value: {
                  funder: { bank_id: ex.funderId, name: ex.funderName },
                  collection_connections: [
                    {
                      connection_id: '1d3f5a7c-9e2b-4c6d-8f0a-2b4d6f8a0c17',
                      bank_name: 'Banco Ejemplo',
                      status: 'connected',
                      accounts: [{ iban_last4: '5678', holder_name: ex.funderName, currency: 'EUR' }],
                      last_read_at: ex.now,
                      last_error: null,
                      last_error_at: null,
                    },
                  ],
                  sellers_sharing: 2,
                  payment_alerts: { since: '2026-04-08', count: 1, alerts: [alert] },
                  charges: [
                    { month: '2026-10', reads: 14, unit_price_eur: null, amount_eur: null },
                    { month: '2026-09', reads: 31, unit_price_eur: 0.35, amount_eur: 10.85 },
                  ],
                },
              },
            },
          },
        },
        { response: { 200: BankDataAnswer } },
      ),
      async (request) => bankData.overview(request.caller!),
    );
  };
}
