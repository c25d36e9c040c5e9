import { type Caller, type FunderCaller, scopeOf } from '../../platform/caller.ts';
import type { RebuildControl, WriteScope } from '../../platform/write.ts';
import type { DisclosureService } from '../disclosure/disclosure.module.ts';
import type { DebtorInput, InvoiceSource, SellerInput } from '../parties/parties.module.ts';
import type { RequestPartiesService } from '../requests/requests.module.ts';
import type { ProgrammeService } from './programme.service.ts';

export interface ProgrammeDemoDeps {
  programme: Pick<ProgrammeService, 'changeIn'>;
  disclosure: Pick<DisclosureService, 'announce'>;
  parties: Pick<RequestPartiesService, 'createRequestIn' | 'routeIn'>;
}

/**
 * A company a part of the demonstration brings: approved, with its documents, its debtors and
 * one invoice to each. Days are counted from today.
 */
export interface DemoCompany {
  /** The day the company, its documents and invoices are made. */
  onDay: number;
  seller: Omit<SellerInput, 'verification_status'>;
  /** The days its documents were issued on and are valid until. */
  documents: { issued: number; validUntil: number };
  /** Its invoices are numbered `<prefix>-<year>-<nnn>`, in the debtors' order. */
  invoicePrefix: string;
  /** Each debtor with the address its notices go to (null: none known), and its invoice. */
  debtors: readonly (DebtorInput & {
    address: string | null;
    invoice: { amount: number; issued: number; due: number; source: InvoiceSource };
  })[];
}

/**
 * The seller's side of a part, lent by the demonstration when it plays the part: opening the
 * company (answering the part's days, so the rest plays on the same clock), and the seller
 * accepting the funder's offers between the offer and the funding.
 */
export interface DemoSellerSide {
  openPart(
    company: DemoCompany,
  ): Promise<{ day: (offset: number) => string; sellerId: string; invoiceIds: string[] }>;
  /** The funder offers on `ids` on day `offerDay`, the seller accepts the next, the funder funds the next. */
  offerAcceptFund(input: {
    day: (offset: number) => string;
    ids: readonly string[];
    offer: { rate: number; advance_pct: number; days: number };
    offerDay: number;
    referencePrefix: string;
  }): Promise<void>;
}

/** What the demonstration hands to a part that brings its own company. */
export interface DemoPartInput<Deps> {
  control: RebuildControl;
  deps: Deps;
  funder: FunderCaller;
  operator: Caller;
  today: string;
  seller: DemoSellerSide;
}

/** The confidential programme's company and its customers: Italian, so no document list applies. */
const COMPANY: DemoCompany = {
  onDay: -40,
  seller: {
    name: 'Ceramiche Riservate Demo Srl',
    tax_id: 'IT09900000017',
    country: 'IT',
    founded_on: '2009-05-12',
    annual_revenue: 5_600_000,
    employees: 41,
    sector: 'C',
  },
  documents: { issued: -60, validUntil: 300 },
  invoicePrefix: 'CR',
  debtors: [
    {
      name: 'Arredo Casa Nord SpA',
      tax_id: 'IT09900000025',
      country: 'IT',
      address: 'amministrazione@arredo-nord.example',
      invoice: { amount: 18_400, issued: -42, due: 30, source: 'e_invoice' },
    },
    {
      name: 'Edilizia Tirrenica Srl',
      tax_id: 'IT09900000033',
      country: 'IT',
      address: 'pagamenti@tirrenica.example',
      invoice: { amount: 9_750.6, issued: -42, due: 45, source: 'erp' },
    },
  ],
};

/**
 * The part's seller asks for the funding of one invoice (factoring, submitted at once), and the
 * request is routed to the demonstration funder; in the operator's write. Answers the request id.
 */
export async function routedDemoRequest(
  scope: WriteScope,
  parties: ProgrammeDemoDeps['parties'],
  input: { sellerId: string; invoiceId: string; funderId: string },
): Promise<string> {
  const id = await parties.createRequestIn(scope, {
    seller_id: input.sellerId,
    type: 'factoring',
    invoice_ids: [input.invoiceId],
    status: 'submitted',
  });
  await parties.routeIn(scope, id, input.funderId);
  return id;
}

/** What this part adds to the demonstration plane, for the scenario's own counts. */
export const PROGRAMME_DEMO = {
  company: COMPANY.seller.name,
  sellers: 1,
  debtors: COMPANY.debtors.length,
  requests: 2,
} as const;

/**
 * The demonstration of a confidential programme: one company with its own confidential terms
 * with the demonstration funder, and two of its requests funded without asking its debtors;
 * the second announced by the funder ten days ago, the first still unannounced.
 */
export async function playProgrammeDemo(
  input: DemoPartInput<ProgrammeDemoDeps>,
): Promise<{ requests: string[] }> {
  const { control, deps, funder, operator, seller } = input;
  const { day, ...requests } = await seller.openPart(COMPANY);

  day(-39);
  await control.write(funder, (scope) =>
    deps.programme.changeIn(
      scope,
      scopeOf(funder),
      {
        seller_id: requests.sellerId,
        terms: {
          disclosure: 'confidential',
          recourse: 'without',
          announce_overdue_days: 15,
          announce_on_dispute: true,
        },
        reason: 'Confidential programme agreed with the company',
      },
      { newCompany: true },
    ),
  );

  const ids = await control.write(operator, async (scope) => {
    const made: string[] = [];
    for (const invoiceId of requests.invoiceIds) {
      const routed = { sellerId: requests.sellerId, invoiceId, funderId: funder.funderId };
      made.push(await routedDemoRequest(scope, deps.parties, routed));
    }
    return made;
  });

  await seller.offerAcceptFund({
    day,
    ids,
    offer: { rate: 1.9, advance_pct: 85, days: 60 },
    offerDay: -37,
    referencePrefix: 'DEMO-CONF',
  });
  day(-10);
  await deps.disclosure.announce(funder, ids[1]!, { reason: 'The company asked us to notify this customer' });
  return { requests: ids };
}
