import { Type } from 'typebox';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';
import { opsRole } from '../../platform/operator-roles.ts';
import { OPERATOR_NAME } from './account.operators.ts';
import type { AccountService } from './account.service.ts';

/** An operator's name: lower case letters, digits, dots, dashes and underscores (migration 0049). */
const OperatorName = Type.String({ pattern: OPERATOR_NAME, minLength: 1, maxLength: 63 });

/** The three roles, least first (operator-roles.ts). */
const Role = Type.Union([Type.Literal('auditor'), Type.Literal('support'), Type.Literal('admin')]);

const OpsOperator = Type.Object({
  id: Uuid,
  name: Type.String(),
  prefix: Type.String(),
  role: Role,
  issued_by: Type.Union([Type.String(), Type.Null()]),
  issued_by_id: Type.Union([Uuid, Type.Null()]),
  created_at: Timestamp,
  last_used_at: Type.Union([Timestamp, Type.Null()]),
  revoked_at: Type.Union([Timestamp, Type.Null()]),
});

/* The answers the command line reads too (through the module). */
export const OperatorList = Type.Object({ operators: Type.Array(OpsOperator) });
export const OperatorIssued = Type.Object({ operator: OpsOperator, token: Type.String() });
export const OperatorRevoked = Type.Object({ operator: OpsOperator, revoked: Type.Array(OpsOperator) });

/** Named operators: /ops/v1/operators, for the operations team (and the command line through it). */
export function accountOperatorRoutes({ account }: { account: AccountService }): AreaRoutes {
  return (app) => {
    app.get(
      '/ops/v1/operators',
      {
        config: opsRole('auditor'),
        schema: { response: { 200: OperatorList } },
      },
      async () => ({ operators: await account.listOperators() }),
    );

    app.post(
      '/ops/v1/operators',
      {
        config: opsRole('admin'),
        schema: {
          body: Type.Object({ name: OperatorName, role: Role }, { additionalProperties: false }),
          response: { 201: OperatorIssued },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return account.issueOperator(request.operator!, request.body);
      },
    );

    // Revocation always takes the operator's whole line with it: the answer lists the others.
    app.post(
      '/ops/v1/operators/:name/revoke',
      {
        config: { ...opsRole('admin'), optionalBody: true },
        schema: {
          params: Type.Object({ name: OperatorName }),
          body: Type.Optional(Type.Object({}, { additionalProperties: false })),
          response: { 200: OperatorRevoked },
        },
      },
      async (request) => account.revokeOperator(request.operator!, request.params.name),
    );
  };
}
