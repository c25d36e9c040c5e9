import type { FastifyReply } from 'fastify';
import type { CacheableAnswer, ReadCache } from '../read-cache.ts';

/**
 * How a route answers a read the server may keep (platform/read-cache.ts). The service gives
 * the answer as domain values, with what the cache needs to know of it (its scope, key and
 * `until`); this writes it with the route's own serializer, has the cache keep and share those
 * UTF-8 bytes, and sends them with the content type Fastify gives a serialized answer. An answer
 * with nothing to keep is written the same way and not kept.
 */
export async function cachedRead<T>(
  reply: Pick<FastifyReply, 'serialize' | 'type'>,
  cache: ReadCache,
  given: Promise<CacheableAnswer<T>>,
  writer: (serialize: (value: unknown) => string, value: T) => string = (serialize, value) =>
    serialize(value),
) {
  const answer = await given;
  const write = (value: T) => Buffer.from(writer((v) => String(reply.serialize(v)), value));
  const bytes =
    'answer' in answer
      ? write(answer.answer)
      : await cache.answer(
          answer.keep.scope,
          answer.keep.key,
          async (tx) => {
            const { value, until } = await answer.keep.read(tx);
            return { value: write(value), until };
          },
          answer.keep.options,
        );
  return (reply.type('application/json; charset=utf-8') as FastifyReply).send(bytes);
}

/**
 * `written` with the first `"field":` followed by `empty` (`[]` or `{}`) replaced by `"field":`
 * followed by `text`. A serializer writes an empty array or object of a schema's field that way,
 * which no string value can hold unescaped, so its first occurrence is the field itself.
 */
function writeInto(written: string, field: string, empty: '[]' | '{}', text: string): string {
  const key = `"${field}":`;
  const at = written.indexOf(`${key}${empty}`);
  if (at < 0)
    throw new Error(`the answer has no empty ${field} ${empty === '[]' ? 'array' : 'object'} to write into`);
  return `${written.slice(0, at + key.length)}${text}${written.slice(at + key.length + empty.length)}`;
}

/**
 * A writer for `cachedRead` of an answer whose `field` holds items already written as JSON (kept
 * items, migration 0076): the answer is written by the route's serializer with that array empty,
 * and the items go into it as they are.
 */
export function withWrittenItems<K extends string>(field: K) {
  return <T extends Record<K, string[]>>(serialize: (value: unknown) => string, value: T): string =>
    writeInto(serialize({ ...value, [field]: [] }), field, '[]', `[${value[field].join(',')}]`);
}

/** A writer for `cachedRead` of an answer the service gives already written as JSON (a kept packet). */
export const asWritten = (_serialize: (value: unknown) => string, written: string): string => written;

/**
 * `written` (JSON a serializer wrote of an object whose `field` was the empty object) with the
 * JSON text `json` in that field's place: a stored document served as it is stored rather than
 * parsed and written again.
 */
export function withWrittenObject(written: string, field: string, json: string): string {
  return writeInto(written, field, '{}', json);
}
