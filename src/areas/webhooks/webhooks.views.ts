import type { FunderCaller } from '../../platform/caller.ts';
import { ApiError } from '../../platform/errors.ts';
import { ALL_EVENTS } from './webhooks.events.ts';
import { SIGNATURE_HEADER, SIGNATURE_SCHEME, SIGNATURE_TOLERANCE_SECONDS } from './webhooks.signature.ts';
import type { DeliveryRow, EndpointRow } from './webhooks.store.ts';

export const SIGNATURE = {
  header: SIGNATURE_HEADER,
  scheme: SIGNATURE_SCHEME,
  tolerance_seconds: SIGNATURE_TOLERANCE_SECONDS,
};

/**
 * A sandbox key shares its funder (the demonstration funder) with every other prospect: it sees
 * and manages only the endpoints it created, and its endpoints receive only the events its own
 * calls caused. A live key sees every endpoint of its funder.
 */
export function ownKeyOf(caller: FunderCaller): string | null {
  return caller.environment === 'sandbox' ? caller.keyId : null;
}

/** `['*']` alone, or named types: sorted, without repeats. */
export function normaliseEvents(events: string[] | undefined): string[] {
  const list = events ?? [ALL_EVENTS];
  if (list.includes(ALL_EVENTS)) {
    if (list.some((item) => item !== ALL_EVENTS)) {
      throw new ApiError(
        'events_invalid',
        "`events` is either `['*']` (every type) or a list of event types, not both.",
      );
    }
    return [ALL_EVENTS];
  }
  return [...new Set(list)].sort();
}

export function endpointView(row: EndpointRow) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: [...row.events].sort(),
    active: row.active,
    secret_prefix: row.secret_prefix,
    created_via: row.created_via,
    created_at: new Date(row.created_at).toISOString(),
  };
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function deliveryView(row: DeliveryRow) {
  return {
    id: row.id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    response_code: row.response_code,
    last_error: row.last_error,
    next_attempt_at: iso(row.next_attempt_at),
    last_attempt_at: iso(row.last_attempt_at),
    delivered_at: iso(row.delivered_at),
    body_sha256: row.body_sha256,
    created_at: new Date(row.created_at).toISOString(),
  };
}
