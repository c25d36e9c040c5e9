import { CREDENTIAL_PREFIXES } from './crypto.ts';

/**
 * What may reach a log line. Keys and the operator token travel in the Authorization header,
 * which is never logged; some URLs are credentials themselves (a document download link works
 * without a key for two minutes; export and client links will too). Their secret part is cut
 * out of every URL before it is logged.
 */

/** Paths whose last segment is a credential. Add export and client links here when they come. */
const CREDENTIAL_PATH_PREFIXES: readonly string[] = ['/v1/document-downloads/'];

/** Query members that may carry a credential, whatever the route. */
const CREDENTIAL_QUERY = /token|secret|signature|sig|key|password|code/i;

/**
 * Credentials the service issues, wherever they appear in a URL: one of their prefixes followed
 * by 8 characters or more of the alphabet they are written in (hex, or letters, digits, `-` and
 * `_`). A shorter run is no credential, so words such as `job_id` are left alone.
 */
const CREDENTIAL_TEXT = new RegExp(`(${Object.values(CREDENTIAL_PREFIXES).join('|')})[A-Za-z0-9_-]{8,}`, 'g');

export const REDACTED = '[redacted]';

/** The text with every credential the service issues cut out (each prefix holds an underscore). */
const withoutCredentials = (text: string): string =>
  text.includes('_') ? text.replace(CREDENTIAL_TEXT, `$1${REDACTED}`) : text;

/** The URL as it may be logged: path and query without any credential in them. */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  for (const prefix of CREDENTIAL_PATH_PREFIXES) {
    if (path.startsWith(prefix) && path.length > prefix.length) path = `${prefix}${REDACTED}`;
  }
  path = withoutCredentials(path);
  if (query === '') return path;
  const members = query.split('&').map((member) => {
    const equals = member.indexOf('=');
    const name = equals === -1 ? member : member.slice(0, equals);
    if (equals !== -1 && CREDENTIAL_QUERY.test(name)) return `${name}=${REDACTED}`;
    return withoutCredentials(member);
  });
  return `${path}?${members.join('&')}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  routeOptions?: { url?: string };
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * pino serializers: a request is logged as its method, its URL without credentials, the route
 * pattern and the caller's address; never its headers.
 */
export const logSerializers = {
  req(request: LoggedRequest) {
    return {
      method: request.method,
      url: request.url === undefined ? undefined : loggableUrl(request.url),
      route: request.routeOptions?.url,
      host: request.hostname,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

/** Members that name a credential wherever a logged object holds them. */
const SECRET_MEMBERS: readonly string[] = ['secret', 'token'];

const holdsSecret = (value: object): boolean => SECRET_MEMBERS.some((name) => name in value);

/**
 * A copy of `value` with its credentials censored: an Error stays an Error, its message and stack
 * kept (an Error's `stack` is an accessor that reads the original, so values are copied, not
 * their descriptors).
 */
function censored(value: object): object {
  const members: PropertyDescriptorMap = {};
  for (const [name, member] of Object.entries(Object.getOwnPropertyDescriptors(value))) {
    members[name] = {
      value: Reflect.get(value, name),
      enumerable: member.enumerable,
      writable: true,
      configurable: true,
    };
  }
  const copy = Object.create(Object.getPrototypeOf(value), members);
  for (const name of SECRET_MEMBERS) {
    if (name in copy) Object.defineProperty(copy, name, { value: REDACTED, enumerable: true });
  }
  return copy;
}

/**
 * pino's `formatters.log`: a member of the logged object that is itself an object holding a
 * `secret` or a `token` (`log.info({ key: issued })`) is logged as a copy with those censored; the
 * object itself is returned as it is when nothing is to censor, which is every access line. The
 * top-level members and the header paths are pino's own `redact` paths (runtime.ts), which cover
 * a child logger's bindings too (the service binds only names and ids: `request_id`, `trace_id`,
 * `role`). pino's redaction of a path beginning with a wildcard (`*.secret`) ran its redactor on
 * every value of every line; this costs a loop over the members.
 */
export function censorNestedSecrets<T extends Record<string, unknown>>(object: T): T {
  let copy: Record<string, unknown> | undefined;
  for (const key in object) {
    const value = object[key];
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !holdsSecret(value)) continue;
    copy ??= { ...object };
    copy[key] = censored(value);
  }
  return (copy ?? object) as T;
}
