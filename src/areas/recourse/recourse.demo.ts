import { scopeOf } from '../../platform/caller.ts';
import {
  type DemoCompany,
  type DemoPartInput,
  type ProgrammeService,
  routedDemoRequest,
} from '../programme/programme.module.ts';
import type { RequestPartiesService } from '../requests/requests.module.ts';
import type { RecourseService } from './recourse.service.ts';

export interface RecourseDemoDeps {
  programme: Pick<ProgrammeService, 'changeIn'>;
  recourse: Pick<RecourseService, 'openDue'>;
  parties: Pick<RequestPartiesService, 'createRequestIn' | 'routeIn'>;
}

/** The company whose customers did not pay: Italian, like the confidential programme's. */
const COMPANY: DemoCompany = {
  onDay: -92,
  seller: {
    name: 'Tessuti Ricorso Demo Srl',
    tax_id: 'IT09900000041',
    country: 'IT',
    founded_on: '2004-02-19',
    annual_revenue: 3_900_000,
    employees: 28,
    sector: 'C',
  },
  documents: { issued: -150, validUntil: 200 },
  invoicePrefix: 'TR',
  debtors: [
    {
      name: 'Moda Lagunare Srl',
      tax_id: 'IT09900000058',
      country: 'IT',
      address: 'contabilita@lagunare.example',
      invoice: { amount: 14_200, issued: -96, due: -45, source: 'erp' },
    },
    {
      name: 'Confezioni Adriatiche SpA',
      tax_id: 'IT09900000066',
      country: 'IT',
      address: 'ap@adriatiche.example',
      invoice: { amount: 8_600, issued: -96, due: -50, source: 'erp' },
    },
  ],
};

/** What this part adds to the demonstration plane, for the scenario's own counts. */
export const RECOURSE_DEMO = {
  company: COMPANY.seller.name,
  sellers: 1,
  debtors: COMPANY.debtors.length,
  requests: 2,
} as const;

/**
 * The demonstration of recourse claims: one company funded twice under confidential terms, the
 * first request routed with recourse (claim after 20 days), the second after its terms changed
 * to without recourse (claim after 15 days). Neither debtor paid: an open `recourse` claim and
 * an open `debtor_default` claim, each opened on its own day.
 */
export async function playRecourseDemo(
  input: DemoPartInput<RecourseDemoDeps>,
): Promise<{ requests: string[] }> {
  const { control, deps, funder, operator, seller } = input;
  const { day, ...made } = await seller.openPart(COMPANY);

  const ids: string[] = [];
  const terms = [
    { disclosure: 'confidential' as const, recourse: 'with' as const, recourse_days: 20 },
    { disclosure: 'confidential' as const, recourse: 'without' as const, recourse_days: 15 },
  ];
  for (const [i, invoiceId] of made.invoiceIds.entries()) {
    day(-90 + i);
    await control.write(funder, (scope) =>
      deps.programme.changeIn(
        scope,
        scopeOf(funder),
        {
          seller_id: made.sellerId,
          terms: terms[i]!,
          reason: i === 0 ? 'Recourse programme agreed with the company' : 'Company moved to non-recourse',
        },
        { newCompany: i === 0 },
      ),
    );
    const routed = { sellerId: made.sellerId, invoiceId, funderId: funder.funderId };
    ids.push(await control.write(operator, (scope) => routedDemoRequest(scope, deps.parties, routed)));
  }

  await seller.offerAcceptFund({
    day,
    ids,
    offer: { rate: 2, advance_pct: 80, days: 75 },
    offerDay: -88,
    referencePrefix: 'DEMO-REC',
  });
  // Each claim opens on its day: the debtor default 15 days after its due date, then the
  // recourse claim 20 days after its own.
  for (const offset of [-35, -25]) {
    day(offset);
    await deps.recourse.openDue(operator, ids);
  }
  return { requests: ids };
}
