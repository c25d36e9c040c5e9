import type { FunderCaller } from '../../platform/caller.ts';
import { scopeOf } from '../../platform/caller.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { WebhooksDeps } from './webhooks.deps.ts';
import { newSigningSecret, secretPrefixOf } from './webhooks.signature.ts';
import {
  countActiveEndpoints,
  insertEndpoint,
  insertSecret,
  lockEndpoint,
  lockEndpointCreation,
  retireSecrets,
  setSecretPrefix,
  stopEndpoint,
} from './webhooks.store.ts';
import { checkWebhookUrl } from './webhooks.url-guard.ts';
import { endpointView, normaliseEvents, ownKeyOf, SIGNATURE } from './webhooks.views.ts';

/** At most this many active endpoints per funder (and plane). */
export const MAX_ACTIVE_ENDPOINTS = 10;

/** The endpoints' own writes: create, stop, rotate the signing secret. */
export function createEndpointWrites(deps: Pick<WebhooksDeps, 'write' | 'secrets' | 'allowLoopback'>) {
  const { write, secrets } = deps;
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
  };
}
