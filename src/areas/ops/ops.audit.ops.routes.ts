import { Type } from 'typebox';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { DateTimeText, Fields, Id, Text } from '../../platform/http/input.ts';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';
import { OPERATOR_NAME, opsRole } from '../../platform/operator-roles.ts';
import { AUDIT_DEFAULT_LIMIT, type AuditService } from './ops.audit.ts';

const AuditQuery = Fields(
  {
    operator: Type.Optional(Text({ max: 63, pattern: OPERATOR_NAME, hint: 'an operator name' })),
    funder: Type.Optional(Id()),
    kind: Type.Optional(Text({ max: 100, pattern: '^[a-z][a-z0-9_.]{0,99}$', hint: 'an entry kind' })),
    since: Type.Optional(DateTimeText()),
    until: Type.Optional(DateTimeText()),
    cursor: Type.Optional(
      Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', 'x-error-code': 'cursor_invalid' }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: AUDIT_DEFAULT_LIMIT })),
  },
  { code: 'query_invalid' },
);

const AuditEntry = Type.Object({
  seq: Type.Integer({ minimum: 1 }),
  id: Uuid,
  recorded_at: Timestamp,
  kind: Type.String(),
  actor: Type.Record(Type.String(), Type.String()),
  bank_id: Type.Union([Uuid, Type.Null()]),
  plane: Type.Union([Type.String(), Type.Null()]),
  subject_type: Type.Union([Type.String(), Type.Null()]),
  subject_id: Type.Union([Type.String(), Type.Null()]),
  payload: Type.Object({}, { additionalProperties: true }),
});

/** One page of the audit trail (the command line reads it too, through the module). */
export const AuditAnswer = Type.Object({
  entries: Type.Array(AuditEntry),
  has_more: Type.Boolean(),
  next_cursor: Type.Union([Type.String(), Type.Null()]),
});

/** The audit trail: the evidence chain's entries made by operators and funders' keys. */
export function opsAuditRoutes({ audit }: { audit: AuditService }): AreaRoutes {
  return (app) => {
    app.get(
      '/ops/v1/audit',
      {
        config: opsRole('auditor'),
        schema: {
          querystring: AuditQuery,
          response: {
            200: AuditAnswer,
          },
        },
      },
      async (request) => audit.list(request.query),
    );
  };
}
