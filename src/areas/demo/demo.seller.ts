import type { Caller, FunderCaller } from '../../platform/caller.ts';
import { addDays, madridInstant } from '../../platform/clock.ts';
import type { RebuildControl, WriteScope } from '../../platform/write.ts';
import type { DecisionInput, DecisionsService } from '../decisions/decisions.module.ts';
import type { DisclosureService } from '../disclosure/disclosure.module.ts';
import type { DocumentsService } from '../documents/documents.module.ts';
import { insertDebtor, insertInvoice, insertSeller } from '../parties/parties.module.ts';
import type { DemoCompany, DemoSellerSide } from '../programme/programme.module.ts';
import type { RequestPartiesService } from '../requests/requests.module.ts';

/** What the demonstration holds for the seller's side of a part that brings its own company. */
interface SellerSideInput {
  control: RebuildControl;
  deps: {
    documents: Pick<DocumentsService, 'uploadIn' | 'verifyIn'>;
    disclosure: Pick<DisclosureService, 'setNoticeAddressIn'>;
    decisions: Pick<DecisionsService, 'decide'>;
    parties: Pick<RequestPartiesService, 'sellerAnswerIn'>;
  };
  funder: FunderCaller;
  operator: Caller;
  today: string;
  /** The documents the funder requires from a seller of the company's country. */
  documentCodes: readonly string[];
}

/** The services the seller's side plays through. */
export type SellerSideDeps = SellerSideInput['deps'];

/**
 * The seller's side lent to a part of the demonstration (programme, recourse) when it is played:
 * the part opens its company and has its offers accepted through it, never importing this area.
 */
export function demoSellerSide(input: SellerSideInput): DemoSellerSide {
  return {
    openPart: (company) => openDemoPart(input, company),
    offerAcceptFund: (part) => offerAcceptFund({ ...input, ...part }),
  };
}

/** A day of the demonstration's past, `offset` days from today, played at 10:00 Madrid time. */
export function demoDays(control: RebuildControl, today: string): (offset: number) => string {
  return (offset) => {
    control.playAt(madridInstant(addDays(today, offset), '10:00:00'));
    return addDays(today, offset);
  };
}

/**
 * A fictitious company of the demonstration plane with its required documents uploaded and
 * verified (the parts of the scenario that bring their own company share it).
 */
export async function insertDemoSeller(
  scope: WriteScope,
  documents: Pick<DocumentsService, 'uploadIn' | 'verifyIn'>,
  input: {
    seller: Parameters<typeof insertSeller>[2];
    documentCodes: readonly string[];
    documentsIssuedOn: string;
    documentsValidUntil: string;
  },
): Promise<{ id: string }> {
  const seller = await insertSeller(scope.tx, 'demo', input.seller, scope.now, scope.evidence);
  for (const code of input.documentCodes) {
    const document = await documents.uploadIn(scope, {
      seller_id: seller.id,
      code,
      file_name: `${code}.txt`,
      content_base64: Buffer.from(
        `Demonstration document ${code} of ${input.seller.name}. Fictitious.\n`,
      ).toString('base64'),
      issued_on: input.documentsIssuedOn,
      valid_until: input.documentsValidUntil,
    });
    await documents.verifyIn(scope, document.id, 'issuer_portal');
  }
  return seller;
}

/** The invoice fields a demonstration part chooses for its `i`-th debtor. */
export type DemoInvoice = Pick<
  Parameters<typeof insertInvoice>[2],
  'number' | 'amount' | 'issue_date' | 'due_date' | 'source'
>;

/**
 * The part's debtors, each with its notice address and one invoice of the seller; answers the
 * invoice ids in the debtors' order.
 */
export async function insertDemoInvoices(
  scope: WriteScope,
  disclosure: Pick<DisclosureService, 'setNoticeAddressIn'>,
  input: {
    sellerId: string;
    debtors: readonly (Parameters<typeof insertDebtor>[2] & {
      address: Parameters<DisclosureService['setNoticeAddressIn']>[2];
    })[];
    invoice: (i: number) => DemoInvoice;
  },
): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, d] of input.debtors.entries()) {
    const debtor = await insertDebtor(scope.tx, 'demo', d, scope.now, scope.evidence);
    await disclosure.setNoticeAddressIn(scope, debtor.id, d.address);
    const invoice = await insertInvoice(
      scope.tx,
      'demo',
      { seller_id: input.sellerId, debtor_id: debtor.id, ...input.invoice(i) },
      scope.now,
      scope.evidence,
    );
    ids.push(invoice.id);
  }
  return ids;
}

/**
 * The funder offers on each of `ids` on day `offerDay`, the seller accepts them the day after,
 * and the funder funds them the day after that, each with the reference `<prefix>-<n>`.
 */
async function offerAcceptFund(input: {
  control: RebuildControl;
  day: (offset: number) => string;
  deps: {
    decisions: Pick<DecisionsService, 'decide'>;
    parties: Pick<RequestPartiesService, 'sellerAnswerIn'>;
  };
  funder: FunderCaller;
  operator: Caller;
  ids: readonly string[];
  offer: { rate: number; advance_pct: number; days: number };
  offerDay: number;
  referencePrefix: string;
}): Promise<void> {
  const { control, day, deps, funder, operator, ids } = input;
  day(input.offerDay);
  for (const id of ids) {
    await deps.decisions.decide(funder, id, { decision: 'offer', ...input.offer } as DecisionInput);
  }
  day(input.offerDay + 1);
  await control.write(operator, async (scope) => {
    for (const id of ids) await deps.parties.sellerAnswerIn(scope, id, 'accept');
  });
  const fundedOn = day(input.offerDay + 2);
  for (const [i, id] of ids.entries()) {
    await deps.decisions.decide(funder, id, {
      decision: 'fund',
      value_date: fundedOn,
      reference: `${input.referencePrefix}-${i + 1}`,
    } as DecisionInput);
  }
}

/**
 * The opening of a part that brings its own company: on day `onDay`, the company with its
 * documents, its debtors and one invoice for each. Answers the part's days as well, so the rest
 * of the part plays on the same clock.
 */
async function openDemoPart(
  input: SellerSideInput,
  company: DemoCompany,
): Promise<{ day: (offset: number) => string; sellerId: string; invoiceIds: string[] }> {
  const { control, deps, operator } = input;
  const day = demoDays(control, input.today);
  day(company.onDay);
  const on = (days: number) => addDays(input.today, days);
  const made = await control.write(operator, async (scope) => {
    const seller = await insertDemoSeller(scope, deps.documents, {
      seller: { ...company.seller, verification_status: 'approved' },
      documentCodes: input.documentCodes,
      documentsIssuedOn: on(company.documents.issued),
      documentsValidUntil: on(company.documents.validUntil),
    });
    const invoiceIds = await insertDemoInvoices(scope, deps.disclosure, {
      sellerId: seller.id,
      debtors: company.debtors,
      invoice: (i) => {
        const { amount, issued, due, source } = company.debtors[i]!.invoice;
        const number = `${company.invoicePrefix}-${input.today.slice(0, 4)}-${String(i + 1).padStart(3, '0')}`;
        return { number, amount, issue_date: on(issued), due_date: on(due), source };
      },
    });
    return { sellerId: seller.id, invoiceIds };
  });
  return { day, ...made };
}
