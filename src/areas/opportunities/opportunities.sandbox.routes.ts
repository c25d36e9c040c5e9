import type { AreaRoutes } from '../../platform/http/app.ts';
import { sandboxOnly } from '../../platform/http/openapi/examples.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import {
  LedgerExitAnswer,
  LedgerExitBody,
  SandboxSharingBody,
  SellerParams,
  SharingAnswer,
} from './opportunities.schemas.ts';
import type { OpportunitiesService } from './opportunities.service.ts';

const keyed = keyRoutes('Sandbox');

/**
 * The clients' side of the digest on the demonstration plane (their consent, invoices leaving
 * their ledger). Sandbox helpers play the other parties and change shared demonstration state:
 * they take a key that may decide.
 */
export function opportunitiesSandboxRoutes({
  opportunities,
}: {
  opportunities: OpportunitiesService;
}): AreaRoutes {
  return (app) => {
    app.post(
      '/v1/sandbox/clients/:seller_id/sharing',
      keyed(
        OPENS.decide,
        {
          operationId: 'sandboxClientSharing',
          summary: 'Sandbox: a client lets you see its invoices, or stops',
          description: [
            'One of your demonstration clients gives (`sharing: true`) or withdraws (`false`) its consent to you seeing its invoices. The next night’s run counts it: its eligible invoices appear as `new`, or those you were shown as `no_longer_eligible` with reason `not_shared`. The same state again changes nothing (`changed: false`).',
            '',
            sandboxOnly,
          ].join('\n'),
          success: 'The client’s consent as it stands.',
          errors: ['sandbox_only', 'not_found'],
          requestExamples: {
            share: { summary: 'The client shares its invoices', value: { sharing: true } },
          },
        },
        {
          params: SellerParams,
          body: SandboxSharingBody,
          response: { 200: SharingAnswer },
        },
      ),
      async (request) =>
        opportunities.sandboxSharing(request.caller!, request.params.seller_id, request.body),
    );

    app.post(
      '/v1/sandbox/invoices/:id/ledger-exit',
      keyed(
        OPENS.decide,
        {
          operationId: 'sandboxInvoiceLedgerExit',
          summary: 'Sandbox: a client cancels an invoice or removes it from its ledger',
          description: [
            'An invoice of one of your demonstration clients leaves its ledger: `cancelled` (voided or credited) or `removed` (entered by mistake). An invoice leaves once; its first exit stays (`changed: false` after). A digest that showed it lists it as `no_longer_eligible` with that reason.',
            '',
            sandboxOnly,
          ].join('\n'),
          success: 'The invoice’s exit.',
          errors: ['sandbox_only', 'not_found'],
          requestExamples: {
            cancel: { summary: 'A credit note voids the invoice', value: { exit: 'cancelled' } },
          },
        },
        {
          params: IdParams,
          body: LedgerExitBody,
          response: { 200: LedgerExitAnswer },
        },
      ),
      async (request) => opportunities.sandboxLedgerExit(request.caller!, request.params.id, request.body),
    );
  };
}
