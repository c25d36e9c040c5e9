import { randomInt } from 'node:crypto';
import { type FunderCaller, scopeOf } from '../../platform/caller.ts';
import { addDays, madridDate } from '../../platform/clock.ts';
import { ApiError, type ErrorCode } from '../../platform/errors.ts';
import type { RunWrite, WriteScope } from '../../platform/write.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import {
  ensureDebtor,
  type InvoiceSource,
  insertDrawnSeller,
  insertInvoice,
  setSellerVerification,
  type VerificationStatus,
} from '../parties/parties.service.ts';
import type { ProgrammeService } from '../programme/programme.service.ts';
import type { ProgrammeTerms } from '../programme/programme-terms.ts';
import type { RequestDisclosureService } from '../requests/request-disclosure.service.ts';
import { funderMover, type RequestLifecycle } from '../requests/requests.lifecycle.ts';
import type { RequestPartiesService } from '../requests/requests.parties.ts';
import type { RequestsService } from '../requests/requests.service.ts';
import type { ConsentLevel } from '../settings/consent-levels.ts';
import type { SettingsService } from '../settings/settings.service.ts';

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

export type SandboxService = ReturnType<typeof createSandboxService>;

const NEW_REQUEST = 'POST /v1/sandbox/requests makes a new request routed to you.';

/** What an integrator can do instead, per refusal of a helper: a helper never leaves it stuck. */
const ACCEPT_ADVICE: Partial<Record<ErrorCode, string>> = {
  invalid_state:
    'The seller can only accept a pending offer of yours on a request in terms_sent: send one first with POST /v1/requests/{id}/decision (decision offer), or see the request status with GET /v1/requests/{id}.',
  not_found: `This key cannot see that request. ${NEW_REQUEST}`,
};

const DEBTOR_ADVICE: Partial<Record<ErrorCode, string>> = {
  not_factoring: `Only factoring requests have notices: ${NEW_REQUEST} (type factoring is the default).`,
  request_not_in_flight: `Its notices are closed. ${NEW_REQUEST}`,
  notice_already_decided:
    'A debtor that signed below the level required can sign again with a higher level (for example level acceptance); a debtor that met it, or disputed, has nothing left to sign. ' +
    NEW_REQUEST,
  not_found:
    'Check that the request is one of yours (GET /v1/requests) and that debtor_tax_id names a debtor of its invoices, or leave debtor_tax_id out to answer for every debtor.',
};

/** Runs a helper; a refusal keeps its code and status and gains what to do instead. */
async function withAdvice<T>(advice: Partial<Record<ErrorCode, string>>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const hint = err instanceof ApiError ? advice[err.code] : undefined;
    if (!hint || !(err instanceof ApiError)) throw err;
    throw new ApiError(err.code, `${err.message} ${hint}`, {
      status: err.status,
      extra: err.extra,
      headers: err.headers,
    });
  }
}

/**
 * Test helpers for sandbox keys: they play the other parties on the demonstration plane, so
 * an integration can walk a request through its whole life from its own code. Each calls the
 * same service functions as the operations API.
 */
export function createSandboxService(deps: {
  write: RunWrite;
  requests: RequestsService;
  lifecycle: Pick<RequestLifecycle, 'lock'>;
  receivables: RequestLifecycle['receivables'];
  parties: RequestPartiesService;
  documents: Pick<DocumentsService, 'uploadIn' | 'verifyIn'>;
  settings: Pick<SettingsService, 'requiredCodes'>;
  programme: Pick<ProgrammeService, 'changeIn'>;
  disclosure: Pick<
    RequestDisclosureService,
    'setNoticeAddressIn' | 'setVerificationLapseIn' | 'changeInvoiceAmountIn'
  >;
}) {
  function demoOnly(caller: FunderCaller): void {
    if (caller.environment !== 'sandbox' || caller.plane !== 'demo') {
      throw new ApiError(
        'sandbox_only',
        'Test helpers work with sandbox keys only, on the demonstration plane.',
      );
    }
  }

  /** A fictitious seller with every document the funder requires, verified and valid today. */
  async function newSeller(scope: WriteScope, caller: FunderCaller) {
    const today = madridDate(scope.now);
    const seller = await insertDrawnSeller(
      scope.tx,
      'demo',
      () => {
        const n = randomInt(10_000_000, 99_999_999);
        return {
          name: `Sandbox Supplier ${n} SL`,
          tax_id: `B${n}`,
          country: 'ES',
          verification_status: 'approved',
          founded_on: '2012-03-01',
          annual_revenue: 2_400_000,
          employees: 24,
          sector: 'C',
        };
      },
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
      demoOnly(caller);
      const id = await deps.write(caller, async (scope) => {
        const today = madridDate(scope.now);
        const seller = await newSeller(scope, caller);
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
        await deps.parties.routeIn(scope, requestId, caller.funderId);
        return requestId;
      });
      return { request: await deps.requests.item(caller, id) };
    },

    /**
     * POST /v1/sandbox/requests/{id}/accept: the seller accepts the caller's offer. Whether the
     * caller may act on the request is checked inside the write, on the locked row.
     */
    async accept(caller: FunderCaller, id: string) {
      demoOnly(caller);
      await withAdvice(ACCEPT_ADVICE, () =>
        deps.write(caller, async (scope) => {
          const request = await deps.lifecycle.lock(scope.tx, funderMover(scopeOf(caller)), id);
          if (request.assigned_funder_id !== caller.funderId) {
            throw new ApiError(
              'not_routed_to_you',
              `This request is routed to another funder: its seller answers that offer. ${NEW_REQUEST}`,
            );
          }
          await deps.parties.sellerAnswerIn(scope, id, 'accept');
        }),
      );
      return { request: await deps.requests.item(caller, id) };
    },

    /**
     * POST /v1/sandbox/requests/{id}/debtor-answer: one debtor (or every debtor) answers its
     * notice. A debtor that signed below the level required signs a new declaration when asked
     * for a higher level, as a real debtor would.
     */
    async debtorAnswer(
      caller: FunderCaller,
      id: string,
      input: {
        debtor_tax_id?: string | null;
        answer: 'acknowledged' | 'disputed';
        level?: ConsentLevel | null;
      },
    ) {
      demoOnly(caller);
      await withAdvice(DEBTOR_ADVICE, () =>
        deps.write(caller, async (scope) => {
          await deps.lifecycle.lock(scope.tx, funderMover(scopeOf(caller)), id);
          await deps.parties.debtorAnswerIn(scope, id, {
            debtor_tax_id: input.debtor_tax_id ?? null,
            answer: input.answer,
            level: input.level ?? null,
            channel: 'sandbox',
            signer: { name: 'Sandbox signer', role: 'Accounts payable' },
            reason: input.answer === 'disputed' ? 'Disputed through the sandbox helper.' : null,
          });
        }),
      );
      return { request: await deps.requests.item(caller, id) };
    },

    /**
     * POST /v1/sandbox/requests/{id}/parties: the other parties of one of the caller's requests
     * change: the seller's verification (status, the day it lapses), a debtor's notice address,
     * an invoice's amount. Each as the operations team would record it.
     */
    async parties(caller: FunderCaller, id: string, input: SandboxPartiesInput) {
      demoOnly(caller);
      await deps.write(caller, async (scope) => {
        const request = await deps.lifecycle.lock(scope.tx, funderMover(scopeOf(caller)), id);
        if (request.assigned_funder_id !== caller.funderId) {
          throw new ApiError('not_routed_to_you', `This request is routed to another funder. ${NEW_REQUEST}`);
        }
        const receivables = await deps.receivables(scope.tx, scopeOf(caller), id);
        if (input.seller_verification !== undefined) {
          await setSellerVerification(
            scope.tx,
            'demo',
            request.seller_id,
            { status: input.seller_verification, reason: 'sandbox helper' },
            scope.evidence,
          );
        }
        if (input.seller_verification_lapses_on !== undefined) {
          await deps.disclosure.setVerificationLapseIn(
            scope,
            request.seller_id,
            input.seller_verification_lapses_on,
          );
        }
        for (const change of input.notice_addresses ?? []) {
          const debtor = receivables.find((r) => r.debtor_tax_id === change.debtor_tax_id);
          if (!debtor) {
            throw new ApiError(
              'body_invalid',
              `No debtor of this request has tax id ${change.debtor_tax_id}.`,
              {
                extra: { field: 'notice_addresses' },
              },
            );
          }
          await deps.disclosure.setNoticeAddressIn(scope, debtor.debtor_id, change.address);
        }
        for (const change of input.invoice_amounts ?? []) {
          const invoice = receivables.find((r) => r.number === change.invoice_number);
          if (!invoice) {
            throw new ApiError(
              'body_invalid',
              `No invoice of this request is numbered ${change.invoice_number}.`,
              {
                extra: { field: 'invoice_amounts' },
              },
            );
          }
          await deps.disclosure.changeInvoiceAmountIn(
            scope,
            invoice.invoice_id,
            Math.round(change.amount * 100),
          );
        }
      });
      return { request: await deps.requests.item(caller, id) };
    },
  };
}

export interface SandboxPartiesInput {
  seller_verification?: VerificationStatus;
  seller_verification_lapses_on?: string | null;
  notice_addresses?: { debtor_tax_id: string; address: string | null }[];
  invoice_amounts?: { invoice_number: string; amount: number }[];
}
