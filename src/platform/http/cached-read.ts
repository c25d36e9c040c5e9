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
) {
  const answer = await given;
  const write = (value: T) => Buffer.from(String(reply.serialize(value)));
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
