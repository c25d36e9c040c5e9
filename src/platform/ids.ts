import { randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * The id a caller sent in `X-Request-Id` (a load balancer's or a gateway's), kept beside the
 * service's own request id when it is one UUID, the form every request id takes here; anything
 * else (absent, repeated, another form) is dropped (http/request-ids.ts).
 */
export const incomingRequestId = (header: string | string[] | undefined): string | null =>
  typeof header === 'string' && isUuid(header) ? header.toLowerCase() : null;
