import { scopeOf } from '../../platform/caller.ts';
import { addDays } from '../../platform/clock.ts';
import {
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
const SELLER = { name: 'Tessuti Ricorso Demo Srl', tax_id: 'IT09900000041', country: 'IT' };
const DEBTORS = [
  {
    name: 'Moda Lagunare Srl',
    tax_id: 'IT09900000058',
    country: 'IT',
    address: 'contabilita@lagunare.example',
  },
  {
    name: 'Confezioni Adriatiche SpA',
    tax_id: 'IT09900000066',
    country: 'IT',
    address: 'ap@adriatiche.example',
  },
];

/** What this part adds to the demonstration plane, for the scenario's own counts. */
export const RECOURSE_DEMO = {
  company: SELLER.name,
  sellers: 1,
  debtors: DEBTORS.length,
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
  const { control, deps, funder, operator, today, seller } = input;
  const { day, ...made } = await seller.openPart({
    onDay: -92,
    seller: {
      ...SELLER,
      verification_status: 'approved',
      founded_on: '2004-02-19',
      annual_revenue: 3_900_000,
      employees: 28,
      sector: 'C',
    },
    documentsIssuedOn: addDays(today, -150),
    documentsValidUntil: addDays(today, 200),
    debtors: DEBTORS,
    invoice: (i) => ({
      number: `TR-${today.slice(0, 4)}-${String(i + 1).padStart(3, '0')}`,
      amount: i === 0 ? 14_200 : 8_600,
      issue_date: addDays(today, -96),
      due_date: addDays(today, i === 0 ? -45 : -50),
      source: 'erp',
    }),
  });

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
