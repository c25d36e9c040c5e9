import { randomBytes } from 'node:crypto';
import { addDays, madridDate } from '../../src/platform/clock.ts';
import type { Plane } from './given.ts';
import type { Answer, TestService } from './service.ts';

/**
 * Fixture helpers for the request lifecycle, reading like the domain:
 *
 *   const given = requestsGiven(service);
 *   const funder = await given.funder();
 *   const request = await given.approvedRequest({ funder, debtorsAcknowledged: true });
 *
 * Everything is made through the operations API (/ops/v1) and, for the funder's own steps, the
 * funder API with the funder's key: exactly what the other parties and the funder do, with no
 * row written by hand. Every helper makes fresh companies, so tests never share state.
 */

export type ConsentLevel = 'receipt' | 'acknowledgment' | 'acceptance';
export type RequestType = 'factoring' | 'confirming';

export interface FunderFixture {
  bankId: string;
  key: string;
  keyId: string;
}

export interface SellerFixture {
  id: string;
  plane: Plane;
  name: string;
  tax_id: string;
  country: string;
}

export interface DebtorFixture {
  id: string;
  plane: Plane;
  name: string;
  tax_id: string;
  country: string;
  debtor_key: string;
}

export interface InvoiceFixture {
  id: string;
  number: string;
  amount: number;
  issue_date: string;
  due_date: string | null;
  debtor: DebtorFixture;
}

export interface RequestFixture {
  id: string;
  type: RequestType;
  plane: Plane;
  seller: SellerFixture;
  invoices: InvoiceFixture[];
  /** Distinct debtors of the invoices, in invoice order. */
  debtors: DebtorFixture[];
  totalAmount: number;
  /** The funder it is routed to, null while not routed. */
  funder: FunderFixture | null;
}

export interface RoutedRequest extends RequestFixture {
  funder: FunderFixture;
}

export interface OfferedRequest extends RoutedRequest {
  offerId: string;
}

/** One invoice of a request: its debtor (a fresh one when left out), amount and due date. */
export interface InvoiceSpec {
  debtor?: DebtorFixture;
  amount?: number;
  /** Days from today to the due date; null for an invoice without a due date. Default 60. */
  dueInDays?: number | null;
  /** Days before today the invoice was issued. Default 5. */
  issuedDaysAgo?: number;
}

export interface OfferTerms {
  rate?: number;
  advance_pct?: number;
  days?: number;
  valid_days?: number;
  notes?: string;
}

export interface RequestOptions {
  type?: RequestType;
  plane?: Plane;
  /** The seller asking; a fresh approved seller of `country` when left out. */
  seller?: SellerFixture;
  country?: string;
  /** The invoices, or how many (each with a fresh debtor). Default: one of 10,000 euros. */
  invoices?: InvoiceSpec[] | number;
  advanceAmount?: number;
}

export interface RoutedOptions extends RequestOptions {
  funder: FunderFixture;
  /** The status before routing. Default submitted. */
  status?: 'pending' | 'submitted' | 'under_review';
}

export interface OfferedOptions extends RoutedOptions {
  offer?: OfferTerms;
}

export interface ApprovedOptions extends OfferedOptions {
  /** Every debtor acknowledges its notice at the level required (factoring). Default false. */
  debtorsAcknowledged?: boolean;
}

export interface FundedOptions extends OfferedOptions {
  reference?: string;
}

const suffix = () => randomBytes(4).toString('hex').toUpperCase();

function expectStatus<T>(answer: Answer<T>, status: number, what: string): T {
  if (answer.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

export type RequestsGiven = ReturnType<typeof requestsGiven>;

export function requestsGiven(service: TestService) {
  const ops = <T = Record<string, unknown>>(method: string, url: string, body?: unknown) =>
    service.ops<T>(method, url, body);

  const given = {
    /** The service's date today (Madrid), read from the shared clock. */
    async today(): Promise<string> {
      return madridDate(await given.now());
    },

    async now(): Promise<Date> {
      const answer = await ops<{ now: string }>('GET', '/ops/v1/clock');
      return new Date(expectStatus(answer, 200, 'read the clock').now);
    },

    /** A funder of one environment with a key holding every scope (or the scopes named). */
    async funder(
      options: { environment?: 'live' | 'sandbox' | 'unclassified'; scopes?: string[] } = {},
    ): Promise<FunderFixture> {
      return service.given.funderWithKey(options);
    },

    /** Another key of the same funder, with only the scopes named. */
    async keyOf(funder: FunderFixture, scopes: string[]): Promise<string> {
      return (await service.given.key({ bankId: funder.bankId, scopes })).secret;
    },

    /** A seller whose company verification is approved, on the live plane by default. */
    async liveSeller(
      options: {
        country?: string;
        plane?: Plane;
        name?: string;
        foundedOn?: string | null;
        verification?: 'pending' | 'approved' | 'rejected' | 'lapsed';
      } = {},
    ): Promise<SellerFixture> {
      const id = suffix();
      const body = expectStatus(
        await ops<{ seller: SellerFixture }>('POST', '/ops/v1/sellers', {
          plane: options.plane ?? 'live',
          name: options.name ?? `Talleres ${id} SL`,
          tax_id: `B${id}`,
          country: options.country ?? 'ES',
          verification_status: options.verification ?? 'approved',
          ...(options.foundedOn === null ? {} : { founded_on: options.foundedOn ?? '2012-03-01' }),
          annual_revenue: 2_400_000,
          employees: 24,
          sector: 'C',
        }),
        201,
        'create seller',
      );
      return body.seller;
    },

    /** A debtor (the seller's customer). */
    async debtor(options: { country?: string; plane?: Plane; name?: string } = {}): Promise<DebtorFixture> {
      const id = suffix();
      const body = expectStatus(
        await ops<{ debtor: DebtorFixture }>('POST', '/ops/v1/debtors', {
          plane: options.plane ?? 'live',
          name: options.name ?? `Distribuciones ${id} SA`,
          tax_id: `A${id}`,
          country: options.country ?? 'ES',
        }),
        201,
        'create debtor',
      );
      return body.debtor;
    },

    /** An invoice the seller issued to a debtor. */
    async invoice(seller: SellerFixture, spec: InvoiceSpec = {}): Promise<InvoiceFixture> {
      const today = await given.today();
      const debtor = spec.debtor ?? (await given.debtor({ country: seller.country, plane: seller.plane }));
      const dueInDays = spec.dueInDays === undefined ? 60 : spec.dueInDays;
      const body = expectStatus(
        await ops<{ invoice: { id: string; number: string; issue_date: string; due_date: string | null } }>(
          'POST',
          '/ops/v1/invoices',
          {
            seller_id: seller.id,
            debtor_id: debtor.id,
            number: `F-${suffix()}`,
            amount: spec.amount ?? 10_000,
            issue_date: addDays(today, -(spec.issuedDaysAgo ?? 5)),
            due_date: dueInDays === null ? null : addDays(today, dueInDays),
            source: 'erp',
          },
        ),
        201,
        'create invoice',
      );
      return { ...body.invoice, amount: spec.amount ?? 10_000, debtor };
    },

    /** A seller's funding request over fresh invoices, not routed to any funder yet. */
    async request(
      options: RequestOptions & { status?: 'pending' | 'submitted' } = {},
    ): Promise<RequestFixture> {
      const plane = options.plane ?? options.seller?.plane ?? 'live';
      const seller = options.seller ?? (await given.liveSeller({ country: options.country ?? 'ES', plane }));
      const specs: InvoiceSpec[] =
        typeof options.invoices === 'number'
          ? Array.from({ length: options.invoices }, () => ({}))
          : (options.invoices ?? [{}]);
      const invoices: InvoiceFixture[] = [];
      for (const spec of specs) invoices.push(await given.invoice(seller, spec));
      const created = expectStatus(
        await ops<{ request_id: string }>('POST', '/ops/v1/requests', {
          seller_id: seller.id,
          type: options.type ?? 'factoring',
          invoice_ids: invoices.map((i) => i.id),
          ...(options.advanceAmount !== undefined ? { advance_amount: options.advanceAmount } : {}),
          status: options.status ?? 'submitted',
        }),
        201,
        'create request',
      );
      const debtors: DebtorFixture[] = [];
      for (const invoice of invoices) {
        if (!debtors.some((d) => d.id === invoice.debtor.id)) debtors.push(invoice.debtor);
      }
      return {
        id: created.request_id,
        type: options.type ?? 'factoring',
        plane: seller.plane,
        seller,
        invoices,
        debtors,
        totalAmount: invoices.reduce((sum, i) => sum + Math.round(i.amount * 100), 0) / 100,
        funder: null,
      };
    },

    /** The operations team routes a request to a funder. */
    async routed<T extends RequestFixture>(request: T, funder: FunderFixture): Promise<T & RoutedRequest> {
      expectStatus(
        await ops('POST', `/ops/v1/requests/${request.id}/route`, { bank_id: funder.bankId }),
        200,
        'route request',
      );
      return { ...request, funder };
    },

    /**
     * A request routed to the funder, in status pending, submitted (default) or under_review.
     * Its seller holds, verified, every document the funder requires from its country today.
     */
    async routedRequest(options: RoutedOptions): Promise<RoutedRequest> {
      const status = options.status ?? 'submitted';
      const request = await given.request({
        ...options,
        status: status === 'pending' ? 'pending' : 'submitted',
      });
      await given.sellerMeetsDocumentListOf(options.funder, request.seller);
      if (status === 'under_review') await given.opsMove(request, 'review');
      return given.routed(request, options.funder);
    },

    /** The seller uploads, and the service verifies, every document the funder requires of it. */
    async sellerMeetsDocumentListOf(funder: FunderFixture, seller: SellerFixture): Promise<void> {
      const answer = await service.call<{ required_by_country: { country: string; codes: string[] }[] }>(
        funder.key,
        'GET',
        '/v1/required-documents',
      );
      const list = expectStatus(answer, 200, 'read required documents').required_by_country;
      for (const code of list.find((l) => l.country === seller.country)?.codes ?? []) {
        await given.sellerDocument(seller, code);
      }
    },

    /** The funder sends terms on a routed request: status terms_sent. */
    async offeredRequest(options: OfferedOptions): Promise<OfferedRequest> {
      const request = await given.routedRequest(options);
      const offer = await given.offerFrom(request.funder, request, options.offer);
      return { ...request, offerId: offer.offer_id };
    },

    /** The seller accepted the funder's terms: status approved. */
    async approvedRequest(options: ApprovedOptions): Promise<OfferedRequest> {
      const request = await given.offeredRequest(options);
      await given.sellerAccepts(request);
      if (options.debtorsAcknowledged && request.type === 'factoring') {
        await given.debtorAnswers(request, { answer: 'acknowledged' });
      }
      return request;
    },

    /** The funder paid the advance: status funded, the funder is the funder of record. */
    async fundedRequest(options: FundedOptions): Promise<OfferedRequest> {
      const request = await given.approvedRequest({ ...options, debtorsAcknowledged: true });
      const answer = await service.call(request.funder.key, 'POST', `/v1/requests/${request.id}/decision`, {
        body: {
          decision: 'fund',
          value_date: await given.today(),
          reference: options.reference ?? `TRF-${suffix()}`,
        },
      });
      expectStatus(answer, 200, 'fund');
      return request;
    },

    /** Every euro of the request was received: status settled. */
    async settledRequest(options: FundedOptions): Promise<OfferedRequest> {
      const request = await given.fundedRequest(options);
      const answer = await service.call(request.funder.key, 'POST', `/v1/requests/${request.id}/decision`, {
        body: { decision: 'settle', amount: request.totalAmount, reference: `CAMT-${suffix()}` },
      });
      expectStatus(answer, 200, 'settle');
      return request;
    },

    /** The funder declined a routed request: status declined. */
    async declinedRequest(options: RoutedOptions): Promise<RoutedRequest> {
      const request = await given.routedRequest(options);
      const answer = await service.call(request.funder.key, 'POST', `/v1/requests/${request.id}/decision`, {
        body: { decision: 'decline', reason: 'payer_credit' },
      });
      expectStatus(answer, 200, 'decline');
      return request;
    },

    /** The seller refused the funder's terms: status rejected. */
    async rejectedRequest(options: OfferedOptions): Promise<OfferedRequest> {
      const request = await given.offeredRequest(options);
      await given.sellerRejects(request);
      return request;
    },

    /** The seller withdrew its request (operations API): status cancelled. */
    async cancelledRequest(options: RoutedOptions): Promise<RoutedRequest> {
      const request = await given.routedRequest(options);
      await given.opsMove(request, 'cancel');
      return request;
    },

    // ------------------------------------------------------------ the funder's own steps

    async offerFrom(funder: FunderFixture, request: { id: string }, terms: OfferTerms = {}) {
      const answer = await service.call<{ offer_id: string; expires_at: string }>(
        funder.key,
        'POST',
        `/v1/requests/${request.id}/decision`,
        { body: { decision: 'offer', rate: 2.5, advance_pct: 80, days: 60, ...terms } },
      );
      return expectStatus(answer, 201, 'offer');
    },

    /** The funder requires these documents from sellers of a country (PUT /v1/required-documents). */
    async requiredDocuments(funder: FunderFixture, country: string, codes: string[]): Promise<void> {
      expectStatus(
        await service.call(funder.key, 'PUT', '/v1/required-documents', { body: { country, codes } }),
        200,
        'require documents',
      );
    },

    // ------------------------------------------------------------ the other parties

    /** The operations team moves a request: submit, review or cancel (the seller withdraws). */
    async opsMove(request: { id: string }, move: 'submit' | 'review' | 'cancel'): Promise<void> {
      expectStatus(await ops('POST', `/ops/v1/requests/${request.id}/${move}`, {}), 200, move);
    },

    async sellerAccepts(request: { id: string }, offerId?: string): Promise<void> {
      expectStatus(
        await ops('POST', `/ops/v1/requests/${request.id}/seller-answer`, {
          answer: 'accept',
          ...(offerId ? { offer_id: offerId } : {}),
        }),
        200,
        'seller accepts',
      );
    },

    async sellerRejects(request: { id: string }): Promise<void> {
      expectStatus(
        await ops('POST', `/ops/v1/requests/${request.id}/seller-answer`, { answer: 'reject' }),
        200,
        'seller rejects',
      );
    },

    /** One debtor (or, without `debtor`, every debtor still pending) answers its notice. */
    async debtorAnswers(
      request: { id: string },
      answer: {
        answer: 'acknowledged' | 'disputed';
        debtor?: DebtorFixture;
        level?: ConsentLevel;
        channel?: string;
        signer?: { name: string; role?: string | null };
        reason?: string;
        language?: string;
      },
    ): Promise<void> {
      expectStatus(
        await ops('POST', `/ops/v1/requests/${request.id}/debtor-answer`, {
          answer: answer.answer,
          ...(answer.debtor ? { debtor_tax_id: answer.debtor.tax_id } : {}),
          ...(answer.level ? { level: answer.level } : {}),
          ...(answer.channel ? { channel: answer.channel } : {}),
          ...(answer.signer ? { signer: answer.signer } : {}),
          ...(answer.reason ? { reason: answer.reason } : {}),
          ...(answer.language ? { language: answer.language } : {}),
        }),
        200,
        'debtor answers',
      );
    },

    /** The service raises a fraud signal on a request; a hard one stops funding until reviewed. */
    async riskSignal(
      request: { id: string },
      signal: { code?: string; severity?: 'low' | 'medium' | 'high'; hard: boolean; detail?: string },
    ): Promise<string> {
      const body = expectStatus(
        await ops<{ signal_id: string }>('POST', `/ops/v1/requests/${request.id}/risk-signals`, {
          code: signal.code ?? (signal.hard ? 'amount_changed_in_request' : 'amount_above_history'),
          severity: signal.severity ?? (signal.hard ? 'high' : 'low'),
          hard: signal.hard,
          ...(signal.detail ? { detail: signal.detail } : {}),
        }),
        201,
        'raise risk signal',
      );
      return body.signal_id;
    },

    /** The operations team reviews a signal: cleared (no longer blocks) or confirmed. */
    async signalReviewed(signalId: string, outcome: 'cleared' | 'confirmed'): Promise<void> {
      expectStatus(
        await ops('POST', `/ops/v1/risk-signals/${signalId}/review`, { outcome, note: 'Reviewed.' }),
        200,
        'review signal',
      );
    },

    async dispute(
      request: { id: string },
      dispute: {
        raisedBy?: 'debtor' | 'seller' | 'operator';
        reason?: string;
        invoice?: InvoiceFixture;
      } = {},
    ): Promise<string> {
      const body = expectStatus(
        await ops<{ dispute_id: string }>('POST', `/ops/v1/requests/${request.id}/disputes`, {
          raised_by: dispute.raisedBy ?? 'debtor',
          reason: dispute.reason ?? 'Goods not delivered.',
          ...(dispute.invoice ? { invoice_number: dispute.invoice.number } : {}),
        }),
        201,
        'raise dispute',
      );
      return body.dispute_id;
    },

    async disputeResolved(disputeId: string): Promise<void> {
      expectStatus(
        await ops('POST', `/ops/v1/disputes/${disputeId}/resolve`, { resolution: 'Delivered after all.' }),
        200,
        'resolve dispute',
      );
    },

    /**
     * A seller's document for a required code. `verified` defaults to true; dates are days from
     * today (issued 10 days ago, valid for a year, by default).
     */
    async sellerDocument(
      seller: SellerFixture,
      code: string,
      options: { verified?: boolean; issuedDaysAgo?: number; validForDays?: number | null } = {},
    ): Promise<string> {
      const today = await given.today();
      const body = expectStatus(
        await ops<{ document: { id: string } }>('POST', '/ops/v1/seller-documents', {
          seller_id: seller.id,
          code,
          file_name: `${code}.pdf`,
          content_base64: Buffer.from(`%PDF ${code} ${suffix()}`).toString('base64'),
          issued_on: addDays(today, -(options.issuedDaysAgo ?? 10)),
          valid_until: options.validForDays === null ? null : addDays(today, options.validForDays ?? 365),
        }),
        201,
        'upload seller document',
      );
      if (options.verified ?? true) {
        expectStatus(
          await ops('POST', `/ops/v1/seller-documents/${body.document.id}/verify`, {
            method: 'issuer_portal',
          }),
          200,
          'verify document',
        );
      }
      return body.document.id;
    },

    /** The service's list of buyers a funder takes (listed buyers only when `only`). */
    async listedBuyers(
      funder: FunderFixture,
      options: { only: boolean; buyers: DebtorFixture[]; plane?: Plane },
    ): Promise<void> {
      expectStatus(
        await ops('PUT', `/ops/v1/funders/${funder.bankId}/listed-buyers`, {
          plane: options.plane ?? 'live',
          listed_buyers_only: options.only,
          buyers: options.buyers.map((b) => ({ country: b.country, tax_id: b.tax_id })),
        }),
        200,
        'set listed buyers',
      );
    },

    /** The status of a request as stored, whoever may see it. */
    async statusOf(request: { id: string }): Promise<string> {
      const { rows } = await service.db.query<{ status: string }>(
        'SELECT status FROM funding_requests WHERE id = $1',
        [request.id],
      );
      return rows[0]?.status ?? 'unknown';
    },
  };
  return given;
}
