import type { OperatorCaller } from '../../platform/caller.ts';
import { addDays, madridDate } from '../../platform/clock.ts';
import type { InvitationsService } from '../clients/clients.module.ts';
import type { PartiesService } from '../parties/parties.module.ts';
import type { OpportunitiesService } from './opportunities.service.ts';

export interface OpportunitiesDemoDeps {
  opportunities: Pick<
    OpportunitiesService,
    'sharingForOps' | 'ledgerExitForOps' | 'runNightForOps' | 'publishForOps'
  >;
  invitations: Pick<InvitationsService, 'inviteNamed' | 'accept'>;
  parties: Pick<PartiesService, 'createSeller' | 'createDebtor' | 'createInvoice' | 'markInvoiceSellerPaid'>;
  createRequest: (
    caller: OperatorCaller,
    input: { seller_id: string; type: 'factoring'; invoice_ids: string[]; status: 'submitted' },
  ) => Promise<unknown>;
}

/**
 * Three German companies (no document list applies to Germany on the demonstration plane), the
 * demonstration funder's own clients: two share their invoices, one does not.
 */
const CLIENTS = [
  {
    name: 'Feinmechanik Demo GmbH',
    tax_id: 'DE990000011',
    sector: 'C',
    employees: 38,
    annual_revenue: 6_400_000,
    sharing: true,
  },
  {
    name: 'Logistik Süd Demo GmbH',
    tax_id: 'DE990000029',
    sector: 'H',
    employees: 7,
    annual_revenue: 1_150_000,
    sharing: true,
  },
  {
    name: 'Bau Nord Demo GmbH',
    tax_id: 'DE990000037',
    sector: 'F',
    employees: 120,
    annual_revenue: 21_000_000,
    sharing: false,
  },
] as const;

const DEBTORS = [
  { name: 'Handelshaus Demo AG', tax_id: 'DE990000045' },
  { name: 'Stadtwerke Demo GmbH', tax_id: 'DE990000053' },
  { name: 'Maschinenbau Demo KG', tax_id: 'DE990000061' },
] as const;

/** What this part adds to the demonstration plane, for the reset's counts. */
export const OPPORTUNITIES_DEMO = { sellers: CLIENTS.length, debtors: DEBTORS.length } as const;

/**
 * The opportunities digest on the demonstration plane: the funder's clients' invoices, the
 * night before yesterday's digest (all new) and last night's (one new invoice, one paid, one put
 * in a request, one cancelled). Played after the scenario's rebuild, through the services.
 */
export async function playOpportunitiesDemo(input: {
  deps: OpportunitiesDemoDeps;
  operator: OperatorCaller;
  funderId: string;
  now: Date;
}): Promise<void> {
  const { deps, operator, funderId, now } = input;
  const today = madridDate(now);
  const [first, second] = [addDays(today, -2), addDays(today, -1)];

  const sellers: { id: string }[] = [];
  for (const client of CLIENTS) {
    const seller = await deps.parties.createSeller(operator, {
      plane: 'demo',
      name: client.name,
      tax_id: client.tax_id,
      country: 'DE',
      verification_status: 'approved',
      employees: client.employees,
      annual_revenue: client.annual_revenue,
      sector: client.sector,
    });
    const invited = await deps.invitations.inviteNamed(operator, funderId, {
      company_name: client.name,
      tax_id: client.tax_id,
      country: 'DE',
      email: 'finanzen@demo.example',
    });
    await deps.invitations.accept({ caller: operator }, invited.invitation.id);
    await deps.opportunities.sharingForOps(operator, { seller_id: seller.id, sharing: client.sharing });
    sellers.push(seller);
  }
  const debtors: { id: string }[] = [];
  for (const debtor of DEBTORS) {
    debtors.push(await deps.parties.createDebtor(operator, { plane: 'demo', country: 'DE', ...debtor }));
  }

  let n = 0;
  const invoice = async (seller: number, debtor: number, amount: number, dueInDays: number) => {
    n += 1;
    return deps.parties.createInvoice(operator, {
      seller_id: sellers[seller]!.id,
      debtor_id: debtors[debtor]!.id,
      number: `RE-2026-${String(n).padStart(4, '0')}`,
      amount,
      issue_date: addDays(today, -12),
      due_date: addDays(today, dueInDays),
      source: 'erp',
    });
  };
  const paid = await invoice(0, 0, 18_400, 45);
  const requested = await invoice(0, 1, 9_250.5, 60);
  await invoice(0, 2, 27_000, 75);
  const cancelled = await invoice(1, 0, 3_980, 30);
  await invoice(1, 1, 6_120, 50);
  await invoice(2, 2, 14_000, 40);

  const owner = { funderId, plane: 'demo' as const };
  await deps.opportunities.runNightForOps(owner, first);
  await deps.opportunities.publishForOps(first, owner, { quiet: true });

  await deps.parties.markInvoiceSellerPaid(operator, paid.id, now.toISOString());
  await deps.createRequest(operator, {
    seller_id: sellers[0]!.id,
    type: 'factoring',
    invoice_ids: [requested.id],
    status: 'submitted',
  });
  await deps.opportunities.ledgerExitForOps(operator, cancelled.id, { exit: 'cancelled' });
  await invoice(1, 2, 11_300, 90);

  await deps.opportunities.runNightForOps(owner, second);
  await deps.opportunities.publishForOps(second, owner, { quiet: true });
}
