import type { App } from '../../platform/http/app.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import {
  LedgerExitAnswer,
  LedgerExitBody,
  OpsSharingBody,
  RunAnswer,
  RunBody,
  RunsAnswer,
  RunsQuery,
  SandboxSharingBody,
  SellerParams,
  SharingAnswer,
} from './opportunities.schemas.ts';
import type { OpportunitiesService } from './opportunities.service.ts';

/**
 * The clients' side of the digest (their consent, invoices leaving their ledger), played by the
 * operations API for live companies and by the sandbox helpers on the demonstration plane; and
 * the operations team's view and control of the nightly runs.
 */
export function opportunitiesPartiesRoutes(deps: { opportunities: OpportunitiesService }) {
  const { opportunities } = deps;
  return (app: App) => {
    const ops = { config: { auth: 'ops' as const } };
    const key = { config: { auth: 'key' as const } };

    app.post(
      '/ops/v1/opportunities/sharing',
      { ...ops, schema: { body: OpsSharingBody, response: { 200: SharingAnswer } } },
      async (request) => opportunities.sharingForOps(request.operator!, request.body),
    );

    app.post(
      '/ops/v1/invoices/:id/ledger-exit',
      { ...ops, schema: { params: IdParams, body: LedgerExitBody, response: { 200: LedgerExitAnswer } } },
      async (request) => opportunities.ledgerExitForOps(request.operator!, request.params.id, request.body),
    );

    app.post(
      '/ops/v1/opportunities/run',
      { ...ops, schema: { body: RunBody, response: { 200: RunAnswer } } },
      async (request) =>
        opportunities.runNightForOps(
          { funderId: request.body.bank_id, plane: request.body.plane },
          request.body.date,
        ),
    );

    app.get(
      '/ops/v1/opportunities/runs',
      { ...ops, schema: { querystring: RunsQuery, response: { 200: RunsAnswer } } },
      async (request) => opportunities.runsForOps(request.query.bank_id, request.query.plane),
    );

    app.post(
      '/v1/sandbox/clients/:seller_id/sharing',
      {
        ...key,
        schema: {
          tags: ['Sandbox'],
          params: SellerParams,
          body: SandboxSharingBody,
          response: { 200: SharingAnswer },
        },
      },
      async (request) =>
        opportunities.sandboxSharing(request.caller!, request.params.seller_id, request.body),
    );

    app.post(
      '/v1/sandbox/invoices/:id/ledger-exit',
      {
        ...key,
        schema: {
          tags: ['Sandbox'],
          params: IdParams,
          body: LedgerExitBody,
          response: { 200: LedgerExitAnswer },
        },
      },
      async (request) => opportunities.sandboxLedgerExit(request.caller!, request.params.id, request.body),
    );
  };
}
