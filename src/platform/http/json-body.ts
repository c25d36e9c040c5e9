import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';

/**
 * The one reader of JSON bodies, for every route (the statement upload included, with its own
 * size limit). Before Fastify's own parser (which keeps refusing `__proto__` and
 * `constructor.prototype` members) it checks two things the parser would let through:
 *
 * - the bytes are UTF-8 (RFC 8259): a byte sequence that is not is refused, never replaced by
 *   U+FFFD and stored;
 * - the JSON nests at most MAX_JSON_DEPTH objects and arrays: a deeper body is refused before
 *   it is parsed, so nothing after the parser (the schema check, the text check, the hashing of
 *   Idempotency-Key bodies) ever walks a structure deep enough to exhaust the stack.
 *
 * Both answer 400 `request_unreadable`: the body cannot be read as a JSON document of ours at
 * all, which is not the same as a JSON document whose members are wrong (422 `body_invalid`).
 */

/** The deepest nesting of objects and arrays a body may have; `{"a":[1]}` nests 2. */
export const MAX_JSON_DEPTH = 64;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * How deep the text nests, read once from left to right without recursion; stops counting as
 * soon as `limit` is passed. Brackets inside strings do not count. Text that is not JSON is
 * measured all the same: the parser refuses it afterwards.
 */
export function jsonDepthExceeds(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth++;
      if (depth > limit) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

type Done = (error: Error | null, body?: unknown) => void;

/** A JSON body parser for `addContentTypeParser('application/json', { parseAs: 'buffer' }, …)`. */
export function jsonBodyParser(app: Pick<FastifyInstance, 'getDefaultJsonParser'>) {
  const parse = app.getDefaultJsonParser('error', 'error');
  return (request: FastifyRequest, body: Buffer, done: Done): void => {
    let text: string;
    try {
      text = utf8.decode(body);
    } catch {
      done(new ApiError('request_unreadable', 'The body is not valid UTF-8; send JSON encoded as UTF-8.'));
      return;
    }
    if (jsonDepthExceeds(text)) {
      done(
        new ApiError(
          'request_unreadable',
          `The body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep.`,
        ),
      );
      return;
    }
    parse(request, text, done);
  };
}
