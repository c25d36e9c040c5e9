import { scopeOf } from '../../platform/caller.ts';
import { addDays } from '../../platform/clock.ts';
import type { DecisionsService } from '../decisions/decisions.service.ts';
import { type DemoPartInput, offerAcceptFund, openDemoPart } from '../demo/demo.seller.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import type { RequestDisclosureService } from '../requests/request-disclosure.service.ts';
import type { RequestPartiesService } from '../requests/requests.parties.ts';
import type { ProgrammeService } from './programme.service.ts';

export interface ProgrammeDemoDeps {
  programme: Pick<ProgrammeService, 'changeIn'>;
  disclosure: Pick<RequestDisclosureService, 'setNoticeAddressIn' | 'announce'>;
  parties: Pick<RequestPartiesService, 'createRequestIn' | 'routeIn' | 'sellerAnswerIn'>;
  decisions: Pick<DecisionsService, 'decide'>;
  documents: Pick<DocumentsService, 'uploadIn' | 'verifyIn'>;
}

/** The confidential programme's company and its customers: Italian, so no document list applies. */
const SELLER = { name: 'Ceramiche Riservate Demo Srl', tax_id: 'IT09900000017', country: 'IT' };
const DEBTORS = [
  {
    name: 'Arredo Casa Nord SpA',
    tax_id: 'IT09900000025',
    country: 'IT',
    address: 'amministrazione@arredo-nord.example',
  },
  {
    name: 'Edilizia Tirrenica Srl',
    tax_id: 'IT09900000033',
    country: 'IT',
    address: 'pagamenti@tirrenica.example',
  },
];

/** What this part adds to the demonstration plane, for the scenario's own counts. */
export const PROGRAMME_DEMO = {
  company: SELLER.name,
  sellers: 1,
  debtors: DEBTORS.length,
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
  const { control, deps, funder, operator, today } = input;
  const { day, ...requests } = await openDemoPart(input, {
    onDay: -40,
    seller: {
      ...SELLER,
      verification_status: 'approved',
      founded_on: '2009-05-12',
      annual_revenue: 5_600_000,
      employees: 41,
      sector: 'C',
    },
    documentsIssuedOn: addDays(today, -60),
    documentsValidUntil: addDays(today, 300),
    debtors: DEBTORS,
    invoice: (i) => ({
      number: `CR-${today.slice(0, 4)}-${String(i + 1).padStart(3, '0')}`,
      amount: i === 0 ? 18_400 : 9_750.6,
      issue_date: addDays(today, -42),
      due_date: addDays(today, 30 + i * 15),
      source: i === 0 ? 'e_invoice' : 'erp',
    }),
  });

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
      const id = await deps.parties.createRequestIn(scope, {
        seller_id: requests.sellerId,
        type: 'factoring',
        invoice_ids: [invoiceId],
        status: 'submitted',
      });
      await deps.parties.routeIn(scope, id, funder.funderId);
      made.push(id);
    }
    return made;
  });

  await offerAcceptFund({
    control,
    day,
    deps,
    funder,
    operator,
    ids,
    offer: { rate: 1.9, advance_pct: 85, days: 60 },
    offerDay: -37,
    referencePrefix: 'DEMO-CONF',
  });
  day(-10);
  await deps.disclosure.announce(funder, ids[1]!, { reason: 'The company asked us to notify this customer' });
  return { requests: ids };
}
