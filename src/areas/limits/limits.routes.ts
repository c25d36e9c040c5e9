import { Type } from 'typebox';
import type { App } from '../../platform/http/app.ts';
import { Uuid } from '../../platform/http/schemas.ts';
import {
  DebtorBook,
  DebtorLimitAnswer,
  DebtorLimitBody,
  ImportAnswer,
  ImportBody,
  SellerBook,
  SellerLimitAnswer,
  SellerLimitBody,
} from './limits.schemas.ts';
import type { LimitsService } from './limits.service.ts';

/** 2,000 rows with names and notes can pass the default 1 MiB: the import takes up to 4 MiB. */
const IMPORT_BODY_LIMIT = 4 * 1024 * 1024;

/** The credit-limit books: limits per debtor and per seller, and the exposure against them. */
export function limitsRoutes(deps: { limits: LimitsService }) {
  const { limits } = deps;
  return (app: App) => {
    const key = { config: { auth: 'key' as const } };
    const tags = ['Limits'];

    app.get(
      '/v1/credit-limits',
      {
        ...key,
        schema: {
          tags,
          summary: 'Your debtor book: each debtor with a limit or exposure',
          response: { 200: DebtorBook },
        },
      },
      async (request) => limits.getCreditLimits(request.caller!),
    );

    app.put(
      '/v1/credit-limits',
      {
        ...key,
        schema: {
          tags,
          summary: 'Set the limit on one debtor',
          body: DebtorLimitBody,
          response: { 200: DebtorLimitAnswer },
        },
      },
      async (request) => limits.putCreditLimit(request.caller!, request.body),
    );

    app.post(
      '/v1/credit-limits/import',
      {
        ...key,
        bodyLimit: IMPORT_BODY_LIMIT,
        schema: {
          tags,
          summary: 'Set up to 2,000 debtor limits at once, each row answered on its own',
          body: ImportBody,
          response: { 200: ImportAnswer },
        },
      },
      async (request) => limits.importCreditLimits(request.caller!, request.body),
    );

    app.get(
      '/v1/seller-limits',
      {
        ...key,
        schema: {
          tags,
          summary: 'Your seller book: each seller routed to you, acted on, or with a limit',
          response: { 200: SellerBook },
        },
      },
      async (request) => limits.getSellerLimits(request.caller!),
    );

    app.put(
      '/v1/seller-limits',
      {
        ...key,
        schema: {
          tags,
          summary: 'Set the limit on one seller',
          body: SellerLimitBody,
          response: { 200: SellerLimitAnswer },
        },
      },
      async (request) => limits.putSellerLimit(request.caller!, request.body),
    );
  };
}

const OpsTarget = Type.Object({ bank_id: Uuid });
const PlaneQuery = Type.Object(
  { plane: Type.Union([Type.Literal('live'), Type.Literal('demo')]) },
  { additionalProperties: false },
);

/** The operations team sets limits for a funder (the portal's equivalent): source `manual`. */
export function limitsOpsRoutes(deps: { limits: LimitsService }) {
  const { limits } = deps;
  return (app: App) => {
    const ops = { config: { auth: 'ops' as const } };

    app.put(
      '/ops/v1/funders/:bank_id/credit-limits',
      {
        ...ops,
        schema: {
          params: OpsTarget,
          querystring: PlaneQuery,
          body: DebtorLimitBody,
          response: { 200: DebtorLimitAnswer },
        },
      },
      async (request) =>
        limits.putCreditLimitAsOperator(
          request.operator!,
          { funderId: request.params.bank_id, plane: request.query.plane },
          request.body,
        ),
    );

    app.put(
      '/ops/v1/funders/:bank_id/seller-limits',
      {
        ...ops,
        schema: {
          params: OpsTarget,
          querystring: PlaneQuery,
          body: SellerLimitBody,
          response: { 200: SellerLimitAnswer },
        },
      },
      async (request) =>
        limits.putSellerLimitAsOperator(
          request.operator!,
          { funderId: request.params.bank_id, plane: request.query.plane },
          request.body,
        ),
    );
  };
}
