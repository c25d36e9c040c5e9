import type { App } from '../../platform/http/app.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import {
  CloseBody,
  CloseResult,
  Recourse,
  RecourseQuery,
  RepaymentResult,
  SandboxRepaymentBody,
} from './recourse.schemas.ts';
import type { RecourseService } from './recourse.service.ts';

/** The funder's recourse claims, and the sandbox helper playing the seller who repays one. */
export function recourseRoutes(deps: { recourse: RecourseService }) {
  const { recourse } = deps;
  return (app: App) => {
    const key = { config: { auth: 'key' as const } };
    const tags = ['Recourse'];

    app.get(
      '/v1/recourse',
      { ...key, schema: { tags, querystring: RecourseQuery, response: { 200: Recourse } } },
      async (request) => recourse.overview(request.caller!, request.query),
    );

    app.post(
      '/v1/recourse/:id/close',
      { ...key, schema: { tags, params: IdParams, body: CloseBody, response: { 200: CloseResult } } },
      async (request) => recourse.close(request.caller!, request.params.id, request.body),
    );

    app.post(
      '/v1/sandbox/recourse/:id/repayment',
      {
        ...key,
        schema: {
          tags: ['Sandbox'],
          params: IdParams,
          body: SandboxRepaymentBody,
          response: { 200: RepaymentResult },
        },
      },
      async (request) => recourse.sandboxRepayment(request.caller!, request.params.id, request.body ?? {}),
    );
  };
}
