import { type FunderCaller, requireSandbox, scopeOf } from '../../platform/caller.ts';
import { addDays, madridDate } from '../../platform/clock.ts';
import type { WriteScope } from '../../platform/write.ts';
import {
  ensureDebtor,
  type InvoiceSource,
  insertInvoice,
  insertSandboxSeller,
} from '../parties/parties.module.ts';
import type { ProgrammeTerms } from '../programme/programme.module.ts';
import { markSandboxMadeIn } from '../requests/requests.module.ts';
import type { SandboxDeps } from './sandbox.deps.ts';

export interface SandboxInvoice {
  debtor_name: string;
  debtor_tax_id: string;
  debtor_country: string;
  amount: number;
  due_date: string;
  source?: InvoiceSource;
}

/** The invoices of a request made with an empty body: two debtors of the demonstration plane. */
const DEFAULT_INVOICES: readonly SandboxInvoice[] = [
  {
    debtor_name: 'Distribuciones Meseta SA',
    debtor_tax_id: 'A28000101',
    debtor_country: 'ES',
    amount: 12_500,
    due_date: '',
  },
  {
    debtor_name: 'Hipermercados Levante SL',
    debtor_tax_id: 'B46000102',
    debtor_country: 'ES',
    amount: 8_300.5,
    due_date: '',
  },
];

/** A small text file standing in for a document's scan. */
const placeholderFile = (code: string, seller: string) =>
  Buffer.from(`Sandbox document ${code} of ${seller}. Fictitious: demonstration plane only.\n`).toString(
    'base64',
  );

/** A fictitious seller with every document the funder requires, verified and valid today. */
async function newSeller(
  deps: Pick<SandboxDeps, 'settings' | 'documents'>,
  scope: WriteScope,
  caller: FunderCaller,
) {
  const today = madridDate(scope.now);
  const seller = await insertSandboxSeller(
    scope.tx,
    { founded_on: '2012-03-01', annual_revenue: 2_400_000, employees: 24, sector: 'C' },
    scope.now,
    scope.evidence,
  );
  for (const code of await deps.settings.requiredCodes(scope.tx, caller.funderId, 'demo', 'ES')) {
    const document = await deps.documents.uploadIn(scope, {
      seller_id: seller.id,
      code,
      file_name: `${code}.txt`,
      content_base64: placeholderFile(code, seller.name),
      issued_on: addDays(today, -10),
      valid_until: addDays(today, 365),
    });
    await deps.documents.verifyIn(scope, document.id, 'sandbox');
  }
  return seller;
}

/** The invoice's debtor on the demonstration plane, made once however many requests name it at once. */
function debtorFor(scope: WriteScope, invoice: SandboxInvoice) {
  return ensureDebtor(
    scope.tx,
    'demo',
    { name: invoice.debtor_name, tax_id: invoice.debtor_tax_id, country: invoice.debtor_country },
    scope.now,
    scope.evidence,
  );
}

/** POST /v1/sandbox/requests: new fictitious requests, each with its own seller. */
export function createSandboxRequests(deps: SandboxDeps) {
  return {
    /** POST /v1/sandbox/requests: a new fictitious request routed to the caller's funder. */
    async createRequest(
      caller: FunderCaller,
      input: {
        type?: 'factoring' | 'confirming';
        invoices?: SandboxInvoice[];
        terms?: Partial<ProgrammeTerms>;
      },
    ) {
      requireSandbox(caller);
      // The answer is read in the write, so the key keeps it with the write (platform/write.ts).
      return deps.write(caller, async (scope) => {
        const today = madridDate(scope.now);
        const seller = await newSeller(deps, scope, caller);
        const invoices = input.invoices?.length ? input.invoices : DEFAULT_INVOICES;
        const invoiceIds: string[] = [];
        for (const [i, invoice] of invoices.entries()) {
          const debtor = await debtorFor(scope, invoice);
          const created = await insertInvoice(
            scope.tx,
            'demo',
            {
              seller_id: seller.id,
              debtor_id: debtor.id,
              number: `SBX-${seller.tax_id.slice(1)}-${i + 1}`,
              amount: invoice.amount,
              issue_date: addDays(today, -5),
              due_date: invoice.due_date || addDays(today, 60 + i * 15),
              source: invoice.source ?? 'erp',
            },
            scope.now,
            scope.evidence,
          );
          invoiceIds.push(created.id);
          // The service knows where to send this fictitious debtor's notices, unless told otherwise.
          await deps.disclosure.setNoticeAddressIn(
            scope,
            debtor.id,
            `payables@${invoice.debtor_tax_id.toLowerCase().replace(/[^a-z0-9]/g, '')}.example`,
            true,
          );
        }
        const requestId = await deps.parties.createRequestIn(scope, {
          seller_id: seller.id,
          type: input.type ?? 'factoring',
          invoice_ids: invoiceIds,
          status: 'submitted',
        });
        if (input.terms && Object.keys(input.terms).length > 0) {
          // The company's own terms with this funder, set before routing so the request takes them.
          await deps.programme.changeIn(
            scope,
            scopeOf(caller),
            { seller_id: seller.id, terms: input.terms, reason: 'Terms asked for by a sandbox request' },
            { newCompany: true },
          );
        }
        // The key that made it is the one that may move its time (POST .../advance).
        await markSandboxMadeIn(scope, requestId, caller.keyId);
        await deps.parties.routeIn(scope, requestId, caller.funderId);
        return { request: await deps.requests.item(caller, requestId, scope.tx) };
      });
    },
  };
}
