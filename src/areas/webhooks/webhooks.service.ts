import { type FunderCaller, type FunderScope, scopeOf } from '../../platform/caller.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SecretBox } from '../../platform/crypto.ts';
import { actorForCaller, runAs } from '../../platform/db/actor.ts';
import type { Db } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { OUTBOX_KEEP_DAYS, signalOutboxCommit } from '../../platform/outbox.ts';
import type { RunWrite } from '../../platform/write.ts';
import { ALL_EVENTS, EVENT_TYPES } from './webhooks.event-types.ts';
import {
  newSigningSecret,
  SIGNATURE_HEADER,
  SIGNATURE_SCHEME,
  SIGNATURE_TOLERANCE_SECONDS,
  secretPrefixOf,
} from './webhooks.signature.ts';
import {
  countActiveEndpoints,
  type DeliveryRow,
  type EndpointRow,
  findEndpoint,
  insertEndpoint,
  insertSecret,
  listDeliveries,
  listEndpoints,
  listEvents,
  lockDelivery,
  lockEndpoint,
  lockEndpointCreation,
  retireSecrets,
  retryDeliveryNow,
  setSecretPrefix,
  stopEndpoint,
  wakeDispatchers,
} from './webhooks.store.ts';
import { checkWebhookUrl } from './webhooks.url-guard.ts';

/** At most this many active endpoints per funder (and plane). */
export const MAX_ACTIVE_ENDPOINTS = 10;

const SIGNATURE = {
  header: SIGNATURE_HEADER,
  scheme: SIGNATURE_SCHEME,
  tolerance_seconds: SIGNATURE_TOLERANCE_SECONDS,
};

/**
 * A sandbox key shares its funder (the demonstration funder) with every other prospect: it sees
 * and manages only the endpoints it created, and its endpoints receive only the events its own
 * calls caused. A live key sees every endpoint of its funder.
 */
function ownKeyOf(caller: FunderCaller): string | null {
  return caller.environment === 'sandbox' ? caller.keyId : null;
}

export function createWebhooksService(deps: {
  db: Db;
  clock: Clock;
  write: RunWrite;
  secrets: SecretBox;
  allowLoopback: boolean;
}) {
  const { db, clock, write, secrets } = deps;
  const read = <T>(caller: FunderCaller, work: (scope: FunderScope) => Promise<T>) => {
    const scope = scopeOf(caller);
    return runAs(actorForCaller(caller), () => work(scope));
  };

  return {
    async create(
      caller: FunderCaller,
      body: { url: string; events?: string[]; description?: string },
    ): Promise<{ webhook: ReturnType<typeof endpointView>; secret: string; signature: typeof SIGNATURE }> {
      const scope = scopeOf(caller);
      const verdict = checkWebhookUrl(body.url, { allowLoopback: deps.allowLoopback });
      if (!verdict.ok) throw new ApiError('webhook_url_invalid', `The URL is refused: ${verdict.reason}.`);
      const events = normaliseEvents(body.events);
      const secret = newSigningSecret();
      return write(caller, async ({ tx, now, evidence }) => {
        await lockEndpointCreation(tx, scope);
        if ((await countActiveEndpoints(tx, scope)) >= MAX_ACTIVE_ENDPOINTS) {
          throw new ApiError(
            'webhook_limit_reached',
            `You already have ${MAX_ACTIVE_ENDPOINTS} active webhook endpoints: stop one before adding another.`,
          );
        }
        const id = newId();
        const row = await insertEndpoint(tx, scope, {
          id,
          keyId: caller.keyId,
          url: verdict.url.href,
          description: body.description ?? '',
          events,
          secretPrefix: secretPrefixOf(secret),
          now,
        });
        await insertSecret(tx, scope, { id: newId(), endpointId: id, sealed: secrets.seal(secret), now });
        evidence({
          funderId: scope.funderId,
          plane: scope.plane,
          kind: 'webhook.created',
          subjectType: 'webhook_endpoint',
          subjectId: id,
          payload: { host: verdict.url.host, events },
        });
        return { webhook: endpointView(row), secret, signature: SIGNATURE };
      });
    },

    async list(caller: FunderCaller) {
      const rows = await read(caller, (scope) => listEndpoints(db, scope, ownKeyOf(caller)));
      return {
        count: rows.length,
        webhooks: rows.map(endpointView),
        event_types: EVENT_TYPES.map((entry) => ({ ...entry })),
      };
    },

    async stop(caller: FunderCaller, id: string) {
      const scope = scopeOf(caller);
      return write(caller, async ({ tx, now, evidence }) => {
        const row = await lockEndpoint(tx, scope, ownKeyOf(caller), id);
        if (!row) throw new ApiError('not_found', 'The webhook endpoint was not found.');
        const { cancelled } = await stopEndpoint(tx, scope, id, now);
        evidence({
          funderId: scope.funderId,
          plane: scope.plane,
          kind: 'webhook.stopped',
          subjectType: 'webhook_endpoint',
          subjectId: id,
          payload: { cancelled_deliveries: cancelled },
        });
        return { webhook: endpointView({ ...row, active: false }), cancelled_deliveries: cancelled };
      });
    },

    async rotateSecret(caller: FunderCaller, id: string, body: { keep_previous_hours?: number } | undefined) {
      const scope = scopeOf(caller);
      const hours = body?.keep_previous_hours ?? 24;
      const secret = newSigningSecret();
      return write(caller, async ({ tx, now, evidence }) => {
        const row = await lockEndpoint(tx, scope, ownKeyOf(caller), id);
        if (!row) throw new ApiError('not_found', 'The webhook endpoint was not found.');
        const previousUntil = new Date(now.getTime() + hours * 3600_000);
        await retireSecrets(tx, scope, id, now, previousUntil);
        await insertSecret(tx, scope, { id: newId(), endpointId: id, sealed: secrets.seal(secret), now });
        const prefix = secretPrefixOf(secret);
        await setSecretPrefix(tx, scope, id, prefix);
        evidence({
          funderId: scope.funderId,
          plane: scope.plane,
          kind: 'webhook.secret_rotated',
          subjectType: 'webhook_endpoint',
          subjectId: id,
          payload: { keep_previous_hours: hours },
        });
        return {
          webhook: endpointView({ ...row, secret_prefix: prefix }),
          secret,
          previous_secret_expires_at: hours > 0 ? previousUntil.toISOString() : null,
          signature: SIGNATURE,
        };
      });
    },

    async sendTest(caller: FunderCaller, id: string) {
      const scope = scopeOf(caller);
      return write(caller, async ({ tx, now, emit }) => {
        const row = await lockEndpoint(tx, scope, ownKeyOf(caller), id);
        if (!row) throw new ApiError('not_found', 'The webhook endpoint was not found.');
        emit({
          funderId: scope.funderId,
          plane: scope.plane,
          type: 'webhook.test',
          data: { webhook_id: id, sent_at: now.toISOString(), message: 'A test event you asked for.' },
        });
        return { webhook_id: id, event_type: 'webhook.test' as const, queued: true };
      });
    },

    async deliveries(caller: FunderCaller, id: string, query: { limit?: number }) {
      const rows = await read(caller, async (scope) => {
        const endpoint = await findEndpoint(db, scope, ownKeyOf(caller), id);
        if (!endpoint) throw new ApiError('not_found', 'The webhook endpoint was not found.');
        return listDeliveries(db, scope, id, query.limit ?? 50);
      });
      return { count: rows.length, deliveries: rows.map(deliveryView) };
    },

    async retryDelivery(caller: FunderCaller, id: string, deliveryId: string) {
      const scope = scopeOf(caller);
      const answer = await write(caller, async ({ tx, now, evidence }) => {
        const endpoint = await lockEndpoint(tx, scope, ownKeyOf(caller), id);
        if (!endpoint) throw new ApiError('not_found', 'The webhook endpoint was not found.');
        const delivery = await lockDelivery(tx, scope, id, deliveryId, now);
        if (!delivery) throw new ApiError('not_found', 'The delivery was not found.');
        if (delivery.status === 'cancelled') {
          throw new ApiError(
            'delivery_not_retryable',
            'The delivery was cancelled: its endpoint was stopped.',
          );
        }
        if (delivery.attempt_running) {
          throw new ApiError(
            'delivery_attempt_in_progress',
            'An attempt of this delivery is being sent right now: read the log for its outcome, then retry if it failed.',
          );
        }
        const requeued = await retryDeliveryNow(tx, scope, deliveryId, now);
        await wakeDispatchers(tx);
        evidence({
          funderId: scope.funderId,
          plane: scope.plane,
          kind: 'webhook.delivery_retried',
          subjectType: 'webhook_delivery',
          subjectId: deliveryId,
          payload: { endpoint_id: id, previous_status: delivery.status },
        });
        return { delivery: deliveryView(requeued) };
      });
      signalOutboxCommit();
      return answer;
    },

    async events(caller: FunderCaller, query: { type?: string; after?: string; limit?: number }) {
      const limit = query.limit ?? 50;
      const since = new Date(clock.now().getTime() - OUTBOX_KEEP_DAYS * 24 * 3600_000);
      const rows = await read(caller, (scope) =>
        listEvents(db, scope, ownKeyOf(caller), {
          since,
          afterSeq: query.after ?? null,
          type: query.type ?? null,
          limit: limit + 1,
        }),
      );
      const page = rows.slice(0, limit);
      return {
        count: page.length,
        events: page.map((row) => ({
          id: row.id,
          type: row.type,
          created_at: new Date(row.created_at).toISOString(),
          api_version: row.api_version,
          data: row.payload,
        })),
        next_cursor: rows.length > limit ? page[page.length - 1]!.seq : null,
      };
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;

/** `['*']` alone, or named types: sorted, without repeats. */
function normaliseEvents(events: string[] | undefined): string[] {
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

function endpointView(row: EndpointRow) {
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

function deliveryView(row: DeliveryRow) {
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
