import type { FunderCaller } from '../../platform/caller.ts';
import { requireSandbox, scopeOf } from '../../platform/caller.ts';
import { ApiError } from '../../platform/errors.ts';
import { setSellerVerification, type VerificationStatus } from '../parties/parties.module.ts';
import type { SandboxDeps } from './sandbox.deps.ts';
import { lockRoutedToCaller } from './sandbox.rules.ts';

export interface SandboxPartiesInput {
  seller_verification?: VerificationStatus;
  seller_verification_lapses_on?: string | null;
  notice_addresses?: { debtor_tax_id: string; address: string | null }[];
  invoice_amounts?: { invoice_number: string; amount: number }[];
}

/** The other parties of one of the caller's requests change, as the operations team records them. */
export function createSandboxParties(deps: SandboxDeps) {
  return {
    /**
     * POST /v1/sandbox/requests/{id}/parties: the other parties of one of the caller's requests
     * change: the seller's verification (status, the day it lapses), a debtor's notice address,
     * an invoice's amount. Each as the operations team would record it.
     */
    async parties(caller: FunderCaller, id: string, input: SandboxPartiesInput) {
      requireSandbox(caller);
      // The answer is read in the write, so the key keeps it with the write (platform/write.ts).
      return deps.write(caller, async (scope) => {
        const request = await lockRoutedToCaller(deps, scope, caller, id);
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
        return { request: await deps.requests.item(caller, id, scope.tx) };
      });
    },
  };
}
