import { Type } from 'typebox';

/** The one error shape every non-2xx answer has. Extra members depend on the code. */
export const ErrorEnvelope = Type.Object(
  {
    error: Type.Object(
      {
        code: Type.String({ description: 'Stable machine-readable code' }),
        message: Type.String({ description: 'For people; may change' }),
        request_id: Type.Optional(Type.String()),
      },
      { additionalProperties: true },
    ),
  },
  { $id: 'ErrorEnvelope', description: 'Error envelope' },
);

export const Uuid = Type.String({ format: 'uuid' });
export const Timestamp = Type.String({ format: 'date-time' });
export const IdParams = Type.Object({ id: Uuid });
