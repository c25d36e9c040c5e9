import { randomBytes } from 'node:crypto';
import { addDays, madridDate } from '../../src/platform/clock.ts';
import type { Plane } from './given.ts';
import type { TestService } from './service.ts';

/**
 * Test fixtures for debtor information and payer records, made through the operations API as
 * the other parties would: sellers, debtors, invoices (with the seller's paid flag) and
 * requests routed to a funder. Every helper makes fresh companies.
 */

export interface DebtorFixture {
  id: string;
  name: string;
  tax_id: string;
  country: string;
  debtor_key: string;
}

const tag = () => randomBytes(4).toString('hex').toUpperCase();

export function debtorsGiven(service: TestService) {
  async function ok<T = Record<string, unknown>>(
    method: string,
    url: string,
    body?: unknown,
    status = 200,
  ): Promise<T> {
    const answer = await service.ops<T>(method, url, body);
    if (answer.status !== status) {
      throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return answer.body;
  }

  const given = {
    ok,

    async now(): Promise<Date> {
      return new Date((await ok<{ now: string }>('GET', '/ops/v1/clock')).now);
    },

    /** The service's date today (Madrid). */
    async today(): Promise<string> {
      return madridDate(await given.now());
    },

    async seller(plane: Plane = 'live'): Promise<string> {
      const id = tag();
      const body = await ok<{ seller: { id: string } }>(
        'POST',
        '/ops/v1/sellers',
        {
          plane,
          name: `Talleres ${id} SL`,
          tax_id: `B${id}`,
          country: 'ES',
          verification_status: 'approved',
        },
        201,
      );
      return body.seller.id;
    },

    async debtor(
      options: { name?: string; publicBody?: boolean; plane?: Plane; taxId?: string; country?: string } = {},
    ): Promise<DebtorFixture> {
      const id = tag();
      const body = await ok<{ debtor: DebtorFixture }>(
        'POST',
        '/ops/v1/debtors',
        {
          plane: options.plane ?? 'live',
          name: options.name ?? `Distribuciones ${id} SA`,
          tax_id: options.taxId ?? `A${id}`,
          country: options.country ?? 'ES',
          is_public_body: options.publicBody ?? false,
        },
        201,
      );
      return body.debtor;
    },

    /** An invoice issued on `issue`, due on `due` (or none), marked paid in the seller's books on `paid`. */
    async invoice(
      sellerId: string,
      debtorId: string,
      spec: { amount: number; issue: string; due: string | null; paid?: string },
    ): Promise<string> {
      const body = await ok<{ invoice: { id: string } }>(
        'POST',
        '/ops/v1/invoices',
        {
          seller_id: sellerId,
          debtor_id: debtorId,
          number: `F-${tag()}`,
          amount: spec.amount,
          issue_date: spec.issue,
          due_date: spec.due,
          source: 'erp',
        },
        201,
      );
      if (spec.paid) {
        await ok('POST', `/ops/v1/invoices/${body.invoice.id}/seller-paid`, {
          paid_at: `${spec.paid}T10:00:00Z`,
        });
      }
      return body.invoice.id;
    },

    async routedRequest(
      sellerId: string,
      invoiceIds: string[],
      bankId: string,
      type: 'factoring' | 'confirming' = 'factoring',
    ): Promise<string> {
      const created = await ok<{ request_id: string }>(
        'POST',
        '/ops/v1/requests',
        { seller_id: sellerId, type, invoice_ids: invoiceIds },
        201,
      );
      await ok('POST', `/ops/v1/requests/${created.request_id}/route`, { bank_id: bankId });
      return created.request_id;
    },

    /** A request routed to the funder over one fresh invoice to each debtor given. */
    async requestOver(
      bankId: string,
      debtors: readonly { id: string }[],
      options: { plane?: Plane; type?: 'factoring' | 'confirming' } = {},
    ): Promise<string> {
      const sellerId = await given.seller(options.plane);
      const t = await given.today();
      const ids: string[] = [];
      for (const d of debtors) {
        ids.push(await given.invoice(sellerId, d.id, { amount: 1000, issue: t, due: addDays(t, 60) }));
      }
      return given.routedRequest(sellerId, ids, bankId, options.type);
    },
  };
  return given;
}
