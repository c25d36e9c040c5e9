import type { AreaRoutes } from '../../platform/http/app.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import { opsRole } from '../../platform/operator-roles.ts';
import {
  LedgerExitAnswer,
  LedgerExitBody,
  OpsSharingBody,
  RunAnswer,
  RunBody,
  RunsAnswer,
  RunsQuery,
  SharingAnswer,
} from './opportunities.schemas.ts';
import type { OpportunitiesService } from './opportunities.service.ts';

/**
 * The clients' side of the digest (their consent, invoices leaving their ledger), played by the
 * operations API for live companies (the sandbox helpers play it on the demonstration plane);
 * and the operations team's view and control of the nightly runs.
 */
export function opportunitiesOpsRoutes({
  opportunities,
}: {
  opportunities: OpportunitiesService;
}): AreaRoutes {
  return (app) => {
    app.post(
      '/ops/v1/opportunities/sharing',
      { config: opsRole('support'), schema: { body: OpsSharingBody, response: { 200: SharingAnswer } } },
      async (request) => opportunities.sharingForOps(request.operator!, request.body),
    );

    app.post(
      '/ops/v1/invoices/:id/ledger-exit',
      {
        config: opsRole('support'),
        schema: { params: IdParams, body: LedgerExitBody, response: { 200: LedgerExitAnswer } },
      },
      async (request) => opportunities.ledgerExitForOps(request.operator!, request.params.id, request.body),
    );

    app.post(
      '/ops/v1/opportunities/run',
      { config: opsRole('support'), schema: { body: RunBody, response: { 200: RunAnswer } } },
      async (request) =>
        opportunities.runNightForOps(
          { funderId: request.body.bank_id, plane: request.body.plane },
          request.body.date,
        ),
    );

    app.get(
      '/ops/v1/opportunities/runs',
      { config: opsRole('auditor'), schema: { querystring: RunsQuery, response: { 200: RunsAnswer } } },
      async (request) => opportunities.runsForOps(request.query.bank_id, request.query.plane),
    );
  };
}
