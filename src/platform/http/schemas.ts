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

/** The `cursor` of a paged list's query (platform/pagination.ts). */
export const CursorParam = Type.Optional(
  Type.String({
    pattern: '^[A-Za-z0-9_-]{1,2048}$',
    'x-error-code': 'cursor_invalid',
    description: 'The `next_cursor` of the previous page; absent for the first page',
  }),
);

/** The `limit` of a list that had none: absent, the whole list in one answer. */
export const OptionalLimit = (max: number) =>
  Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: max,
      description: `1 to ${max}; absent: the whole list in one answer`,
    }),
  );

/** What a paged list's answer adds to its members. */
export const PageMarksFields = {
  has_more: Type.Boolean({ description: 'Whether another page follows this one' }),
  next_cursor: Type.Union([Type.String(), Type.Null()], {
    description: 'Pass as `cursor` for the next page; null on the last page',
  }),
};

/** The lines each paged list's OpenAPI description ends with. */
export const PAGING_DOC = [
  '',
  'Pages: `cursor` is the `next_cursor` of the previous page; `has_more` says whether another page follows and `next_cursor` is null on the last one. `count` is the number of items on this page. A walk of the pages shows each item once and misses none that existed when it began, whatever is added or changed meanwhile (a filter on a status that changes during the walk may miss an item that left it). A cursor of another list or filter answers 422 `cursor_invalid`.',
].join('\n');
