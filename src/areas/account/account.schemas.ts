import { Type } from 'typebox';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';

export const EnvironmentSchema = Type.Union([
  Type.Literal('live'),
  Type.Literal('sandbox'),
  Type.Literal('unclassified'),
]);

export const FunderRef = Type.Object({ bank_id: Uuid, name: Type.String() });

export const MeKey = Type.Object({
  id: Uuid,
  name: Type.String(),
  prefix: Type.String({ description: 'The first 12 characters of the key' }),
  scopes: Type.Array(Type.String()),
  created_at: Timestamp,
  expires_at: Type.Union([Timestamp, Type.Null()]),
  prospect: Type.Union([Type.String(), Type.Null()], { description: 'Whom a sandbox key was issued to' }),
});

export const Me = Type.Object({
  api_version: Type.String(),
  environment: EnvironmentSchema,
  funder: FunderRef,
  key: MeKey,
});

export const Health = Type.Object({
  status: Type.Literal('ok'),
  api_version: Type.String(),
  time: Timestamp,
});

export const OpsFunder = Type.Object({
  bank_id: Uuid,
  name: Type.String(),
  environment: EnvironmentSchema,
  status: Type.Union([Type.Literal('active'), Type.Literal('suspended')]),
  created_at: Timestamp,
});

export const OpsKey = Type.Object({
  ...MeKey.properties,
  bank_id: Uuid,
  revoked_at: Type.Union([Timestamp, Type.Null()]),
  rate_limit: Type.Object({
    per_minute: Type.Union([Type.Integer(), Type.Null()]),
    per_hour: Type.Union([Type.Integer(), Type.Null()]),
  }),
  issued_by: Type.Union([Type.String(), Type.Null()], {
    description:
      'The operator that issued the key (bootstrap, cli or a named operator); null when the service made it',
  }),
});
