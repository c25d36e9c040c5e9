import { Type } from 'typebox';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';
import { SCOPES } from '../../platform/http/scopes.ts';
import { opsRole } from '../../platform/operator-roles.ts';
import { EnvironmentSchema, OpsFunder, OpsKey } from './account.schemas.ts';
import type { AccountService } from './account.service.ts';

const BankIdParams = Type.Object({ bank_id: Uuid });
const Reason = Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()]));

/* The answers the command line reads too (through the module): each is the route's response schema. */
export const FunderChange = Type.Object({ funder: OpsFunder, changed: Type.Boolean() });
export const FunderList = Type.Object({ funders: Type.Array(OpsFunder) });
export const FunderCreated = Type.Object({ funder: OpsFunder });
export const KeyList = Type.Object({ keys: Type.Array(OpsKey) });
export const KeyIssued = Type.Object({ key: OpsKey, secret: Type.String() });
export const KeyRevoked = Type.Object({ key: OpsKey, changed: Type.Boolean() });

/** The answer to a change of a funder: the funder as it stands, and whether the call changed it. */
const funderChange = async <F extends { changed: boolean }>(change: Promise<F>) => {
  const { changed, ...funder } = await change;
  return { funder, changed };
};

/** The operations team's side of funders and keys: /ops/v1, operator token. */
export function accountOpsRoutes({ account }: { account: AccountService }): AreaRoutes {
  return (app) => {
    app.get(
      '/ops/v1/funders',
      {
        config: opsRole('auditor'),
        schema: { response: { 200: FunderList } },
      },
      async () => ({
        funders: await account.listFunders(),
      }),
    );

    app.post(
      '/ops/v1/funders',
      {
        config: opsRole('admin'),
        schema: {
          body: Type.Object(
            { name: Type.String({ minLength: 1, maxLength: 200 }), environment: EnvironmentSchema },
            { additionalProperties: false },
          ),
          response: { 201: FunderCreated },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return { funder: await account.createFunder(request.operator!, request.body) };
      },
    );

    app.get(
      '/ops/v1/funders/:bank_id',
      {
        config: opsRole('auditor'),
        schema: { params: BankIdParams, response: { 200: Type.Object({ funder: OpsFunder }) } },
      },
      async (request) => ({ funder: await account.getFunder(request.params.bank_id) }),
    );

    app.post(
      '/ops/v1/funders/:bank_id/classify',
      {
        config: opsRole('admin'),
        schema: {
          params: BankIdParams,
          body: Type.Object({ environment: EnvironmentSchema }, { additionalProperties: false }),
          response: { 200: FunderChange },
        },
      },
      async (request) =>
        funderChange(
          account.classifyFunder(request.operator!, request.params.bank_id, request.body.environment),
        ),
    );

    app.post(
      '/ops/v1/funders/:bank_id/status',
      {
        config: opsRole('admin'),
        schema: {
          params: BankIdParams,
          body: Type.Object(
            { status: Type.Union([Type.Literal('active'), Type.Literal('suspended')]), reason: Reason },
            { additionalProperties: false },
          ),
          response: { 200: FunderChange },
        },
      },
      async (request) =>
        funderChange(
          account.setFunderStatus(
            request.operator!,
            request.params.bank_id,
            request.body.status,
            request.body.reason ?? null,
          ),
        ),
    );

    app.get(
      '/ops/v1/keys',
      {
        config: opsRole('auditor'),
        schema: {
          querystring: Type.Object({ bank_id: Type.Optional(Uuid) }, { additionalProperties: false }),
          response: { 200: KeyList },
        },
      },
      async (request) => ({ keys: await account.listKeys(request.query.bank_id ?? null) }),
    );

    app.post(
      '/ops/v1/keys',
      {
        config: opsRole('admin'),
        schema: {
          body: Type.Object(
            {
              bank_id: Uuid,
              name: Type.String({ minLength: 1, maxLength: 120 }),
              scopes: Type.Array(Type.Union(SCOPES.map((scope) => Type.Literal(scope))), { maxItems: 20 }),
              expires_at: Type.Optional(Type.Union([Timestamp, Type.Null()])),
              prospect: Type.Optional(
                Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()]),
              ),
              rate_limit: Type.Optional(
                Type.Union([
                  Type.Object(
                    {
                      per_minute: Type.Optional(
                        Type.Union([Type.Integer({ minimum: 1, maximum: 1_000_000 }), Type.Null()]),
                      ),
                      per_hour: Type.Optional(
                        Type.Union([Type.Integer({ minimum: 1, maximum: 100_000_000 }), Type.Null()]),
                      ),
                    },
                    { additionalProperties: false },
                  ),
                  Type.Null(),
                ]),
              ),
            },
            { additionalProperties: false },
          ),
          response: { 201: KeyIssued },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return account.issueKey(request.operator!, request.body);
      },
    );

    app.post(
      '/ops/v1/keys/:id/revoke',
      {
        // The body may be left out: a POST with none at all revokes without a reason.
        config: { ...opsRole('admin'), optionalBody: true },
        schema: {
          params: Type.Object({ id: Uuid }),
          body: Type.Optional(Type.Object({ reason: Reason }, { additionalProperties: false })),
          response: { 200: KeyRevoked },
        },
      },
      async (request) => {
        const { changed, ...key } = await account.revokeKey(
          request.operator!,
          request.params.id,
          request.body?.reason ?? null,
        );
        return { key, changed };
      },
    );
  };
}
