import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * A large body that does not change while the service runs (the reference page's renderer, the
 * OpenAPI document), served with a strong ETag and compressed as the caller accepts. Each
 * encoding is made once, on its first ask, and kept: a caller that asks for none (tests, curl)
 * never pays for one.
 */
export interface StaticBody {
  readonly etag: string;
  readonly identity: Buffer;
  encoded(encoding: Encoding): Promise<Buffer>;
}

export function staticBody(content: string | Buffer): StaticBody {
  const identity = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 32)}"`;
  const made = new Map<Encoding, Promise<Buffer>>();
  return {
    etag,
    identity,
    encoded(encoding) {
      if (encoding === 'identity') return Promise.resolve(identity);
      let body = made.get(encoding);
      if (!body) {
        // Brotli at quality 6: a quarter of a second for the 4 MB renderer, a quarter of its
        // size; the top quality would take some ten seconds for a tenth less.
        body =
          encoding === 'br'
            ? brotli(identity, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: 6,
                  [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
                },
              })
            : gzipped(identity, { level: 9 });
        made.set(encoding, body);
      }
      return body;
    },
  };
}

/** The caller's preferred encoding among brotli, gzip and none (q=0 refuses one). */
export function acceptedEncoding(header: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
}

/**
 * Sends the body: 304 when the caller's `If-None-Match` holds its ETag, otherwise the body in
 * the accepted encoding, with `Vary: Accept-Encoding` and the given `Cache-Control`.
 */
export async function sendStatic(
  request: FastifyRequest,
  reply: FastifyReply,
  body: StaticBody,
  type: string,
  cacheControl: string,
): Promise<FastifyReply> {
  reply.header('etag', body.etag).header('cache-control', cacheControl).header('vary', 'accept-encoding');
  const known = String(request.headers['if-none-match'] ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''));
  if (known.includes(body.etag)) return reply.code(304).send();
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type(type).send(await body.encoded(encoding));
}
