import { randomInt } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { addDays, madridDate } from '../../src/platform/clock.ts';
import { SCOPES } from '../../src/platform/http/scopes.ts';
import { expectOk } from './errors.ts';
import type { Plane } from './given.ts';
import type { TestService } from './service.ts';

/**
 * Test helpers for the limit books: companies, invoices and requests made through the
 * operations API, and the funder's own steps through the funder API with its key. Every helper
 * makes fresh companies, so tests never share a debtor or a seller by accident.
 */

export interface Party {
  id: string;
  name: string;
  tax_id: string;
  country: string;
}

export interface Debtor extends Party {
  debtor_key: string;
}

export interface InvoiceSpec {
  debtor: Debtor;
  amount: number;
  /** Days from today to the due date; default 60. */
  dueInDays?: number;
}

export interface MadeRequest {
  id: string;
  seller: Party;
  invoices: { id: string; number: string; amount: number; due_date: string; debtor: Debtor }[];
}

const digits = () => String(randomInt(10_000_000, 99_999_999));

/** The service, or a getter for one started later (in beforeAll). */
export type ServiceRef = TestService | (() => TestService);
const resolve = (ref: ServiceRef): TestService => (typeof ref === 'function' ? ref() : ref);

export function limitsGiven(ref: ServiceRef) {
  const today = () => madridDate(resolve(ref).runtime.clock.now());
  let invoiceNo = 0;

  const given = {
    today,

    async seller(plane: Plane = 'live'): Promise<Party> {
      const n = digits();
      const body = expectOk(
        await resolve(ref).ops<{ seller: Party }>('POST', '/ops/v1/sellers', {
          plane,
          name: `Limits Seller ${n} SL`,
          tax_id: `B${n}`,
          country: 'ES',
          verification_status: 'approved',
        }),
        'create seller',
      );
      return body.seller;
    },

    async debtor(plane: Plane = 'live', options: { country?: string } = {}): Promise<Debtor> {
      const n = digits();
      const body = expectOk(
        await resolve(ref).ops<{ debtor: Debtor }>('POST', '/ops/v1/debtors', {
          plane,
          name: `Limits Debtor ${n} SA`,
          tax_id: `A${n}`,
          country: options.country ?? 'ES',
        }),
        'create debtor',
      );
      return body.debtor;
    },

    /** A request of fresh invoices, routed to the funder. */
    async request(options: {
      bankId: string;
      invoices: InvoiceSpec[];
      seller?: Party;
      plane?: Plane;
    }): Promise<MadeRequest> {
      const plane = options.plane ?? 'live';
      const seller = options.seller ?? (await given.seller(plane));
      const invoices: MadeRequest['invoices'] = [];
      for (const spec of options.invoices) {
        invoiceNo += 1;
        const dueDate = addDays(today(), spec.dueInDays ?? 60);
        const body = expectOk(
          await resolve(ref).ops<{ invoice: { id: string; number: string } }>('POST', '/ops/v1/invoices', {
            seller_id: seller.id,
            debtor_id: spec.debtor.id,
            number: `LIM-${digits()}-${invoiceNo}`,
            amount: spec.amount,
            issue_date: addDays(today(), -5),
            due_date: dueDate,
            source: 'erp',
          }),
          'create invoice',
        );
        invoices.push({
          id: body.invoice.id,
          number: body.invoice.number,
          amount: spec.amount,
          due_date: dueDate,
          debtor: spec.debtor,
        });
      }
      const created = expectOk(
        await resolve(ref).ops<{ request_id: string }>('POST', '/ops/v1/requests', {
          seller_id: seller.id,
          type: 'factoring',
          invoice_ids: invoices.map((i) => i.id),
        }),
        'create request',
      );
      expectOk(
        await resolve(ref).ops('POST', `/ops/v1/requests/${created.request_id}/route`, {
          bank_id: options.bankId,
        }),
        'route request',
      );
      return { id: created.request_id, seller, invoices };
    },

    offer(key: string, id: string, extra: Record<string, unknown> = {}) {
      return resolve(ref).call<Record<string, unknown>>(key, 'POST', `/v1/requests/${id}/decision`, {
        body: { decision: 'offer', rate: 2, advance_pct: 80, days: 60, ...extra },
      });
    },

    async accept(id: string) {
      expectOk(
        await resolve(ref).ops('POST', `/ops/v1/requests/${id}/seller-answer`, { answer: 'accept' }),
        'accept',
      );
    },

    async acknowledge(id: string) {
      expectOk(
        await resolve(ref).ops('POST', `/ops/v1/requests/${id}/debtor-answer`, {
          answer: 'acknowledged',
          signer: { name: 'Accounts payable' },
        }),
        'debtor answer',
      );
    },

    async fund(key: string, id: string) {
      expectOk(
        await resolve(ref).call(key, 'POST', `/v1/requests/${id}/decision`, {
          body: { decision: 'fund', value_date: today(), reference: `TRF-${digits()}` },
        }),
        'fund',
      );
    },

    async settle(key: string, id: string, amount: number, extra: Record<string, unknown> = {}) {
      return expectOk(
        await resolve(ref).call<{ status: string }>(key, 'POST', `/v1/requests/${id}/decision`, {
          body: { decision: 'settle', amount, ...extra },
        }),
        'settle',
      );
    },

    /** Offer, seller accepts, debtors acknowledge, fund. */
    async funded(key: string, id: string) {
      expectOk(await given.offer(key, id), 'offer');
      await given.accept(id);
      await given.acknowledge(id);
      await given.fund(key, id);
    },

    async markPaidBySeller(invoiceId: string, paidAt: string | null) {
      expectOk(
        await resolve(ref).ops('POST', `/ops/v1/invoices/${invoiceId}/seller-paid`, { paid_at: paidAt }),
        'seller paid',
      );
    },
  };
  return given;
}

export type Body = Record<string, unknown>;

export interface Line extends Body {
  debtor_key: string;
  limit_status: string | null;
  limit_amount: number | null;
  outstanding: number;
  committed: number;
  offered: number;
  exposure: number;
  available: number | null;
  overdue_count: number;
  oldest_overdue: string | null;
  frozen: boolean;
  seller_marked_paid: Body[];
}

export interface SellerLine extends Omit<Line, 'debtor_key'> {
  seller_id: string;
}

export const freshTaxId = () => `A${randomInt(10_000_000, 99_999_999)}`;

/** Calls and reads the limit tests share. */
export function limitsKit(ref: ServiceRef) {
  const service = () => resolve(ref);
  const putLimit = (key: string, body: unknown) =>
    service().call<Body>(key, 'PUT', '/v1/credit-limits', { body });
  const importLimits = (key: string, body: unknown) =>
    service().call<Body>(key, 'POST', '/v1/credit-limits/import', { body });
  const putSellerLimit = (key: string, body: unknown) =>
    service().call<Body>(key, 'PUT', '/v1/seller-limits', { body });

  async function debtorBook(key: string) {
    return expectOk(
      await service().call<{ funder: Body; currency: string; count: number; debtors: Line[] }>(
        key,
        'GET',
        '/v1/credit-limits',
      ),
      'debtor book',
    );
  }

  /** The debtor book read page by page (`size` lines a page), every page full until the last. */
  async function walkedBook(key: string, size: number) {
    type Page = { debtors: Line[]; has_more: boolean; next_cursor: string | null };
    const walked: Line[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page++) {
      const query = new URLSearchParams({ limit: String(size), ...(cursor ? { cursor } : {}) });
      const answer: Page = expectOk(
        await service().call<Page>(key, 'GET', `/v1/credit-limits?${query}`),
        'debtor book page',
      );
      if (answer.has_more && answer.debtors.length !== size)
        throw new Error(`a page of ${answer.debtors.length} lines before the last, not ${size}`);
      walked.push(...answer.debtors);
      if (!answer.has_more) return walked;
      cursor = answer.next_cursor;
    }
    throw new Error('the debtor book had more than 100 pages');
  }

  /**
   * The whole debtor book, checked against the same book read in pages of one and of two lines
   * (a page is read by its own statement: limits.book-page.store.ts), so every test of a book's
   * figures checks the pages' too.
   */
  async function checkedBook(key: string) {
    const whole = (await debtorBook(key)).debtors;
    for (const size of [1, 2]) {
      const walked = await walkedBook(key, size);
      if (!isDeepStrictEqual(walked, whole))
        throw new Error(
          `the book in pages of ${size} differs from the whole book:\n${JSON.stringify(walked)}\n${JSON.stringify(whole)}`,
        );
    }
    return whole;
  }

  async function sellerBook(key: string) {
    return expectOk(
      await service().call<{ funder: Body; currency: string; count: number; sellers: SellerLine[] }>(
        key,
        'GET',
        '/v1/seller-limits',
      ),
      'seller book',
    );
  }

  return {
    given: limitsGiven(ref),
    putLimit,
    importLimits,
    putSellerLimit,
    debtorBook,
    sellerBook,
    walkedBook,
    /** A debtor's line of the whole book, which its pages are checked against first. */
    lineOf: async (key: string, debtorKey: string) =>
      (await checkedBook(key)).find((d) => d.debtor_key === debtorKey),
    sellerLineOf: async (key: string, sellerId: string) =>
      (await sellerBook(key)).sellers.find((s) => s.seller_id === sellerId),

    /** A funder with a key that is never rate limited in these tests. */
    async funderWithKey(
      options: { environment?: 'live' | 'sandbox' | 'unclassified'; scopes?: string[] } = {},
    ) {
      const funder = await service().given.funderAccount({ environment: options.environment ?? 'live' });
      const key = await service().given.key({
        bankId: funder.bank_id,
        scopes: options.scopes ?? [...SCOPES],
        perMinute: 1_000_000,
        perHour: 100_000_000,
      });
      return { bankId: funder.bank_id, name: funder.name, key: key.secret, keyId: key.id };
    },

    /** Row counts an invalid call must leave as they were. */
    async footprint() {
      const { rows } = await service().db.query<{
        limits: number;
        history: number;
        seller_limits: number;
        seller_history: number;
        evidence: number;
        offers: number;
      }>(
        `SELECT (SELECT count(*)::int FROM credit_limits) AS limits,
                (SELECT count(*)::int FROM credit_limit_history) AS history,
                (SELECT count(*)::int FROM seller_limits) AS seller_limits,
                (SELECT count(*)::int FROM seller_limit_history) AS seller_history,
                (SELECT count(*)::int FROM evidence_entries) AS evidence,
                (SELECT count(*)::int FROM offers) AS offers`,
      );
      return rows[0]!;
    },

    /** The history of the limit on one debtor, oldest first. */
    async historyOf(debtorKey: string) {
      const [country, taxId] = debtorKey.split(':');
      const { rows } = await service().db.query<Body>(
        `SELECT from_amount, from_status, to_amount, to_status, to_note, source, source_ref, actor
           FROM credit_limit_history WHERE debtor_country = $1 AND debtor_tax_id = $2 ORDER BY id`,
        [country, taxId],
      );
      return rows;
    },
  };
}
