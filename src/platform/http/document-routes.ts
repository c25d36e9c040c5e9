import swagger from '@fastify/swagger';
import type { EventRegistry } from '../events.ts';
import type { App } from './app-types.ts';
import { openApiOptions } from './openapi/document.ts';
import { registerReferencePage } from './openapi/reference-page.ts';
import type { OperationRegistry } from './openapi/registry.ts';
import type { Scope } from './scopes.ts';

/**
 * The OpenAPI document built from the registered routes (operations routes and the reference
 * page itself hidden; a key route marked with its scopes) and the event types the areas emit,
 * and the reference page at /docs.
 */
export async function registerDocument(
  app: App,
  operations: OperationRegistry,
  events: EventRegistry,
): Promise<void> {
  await app.register(swagger, {
    ...openApiOptions(operations, events),
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transform: ({ schema, url, route }) => {
      const config = (route.config ?? {}) as { auth?: string };
      if (!schema || url.startsWith('/ops/') || url.startsWith('/docs')) {
        return { schema: { ...(schema ?? {}), hide: true }, url };
      }
      if (config.auth !== 'key') return { schema, url };
      const scopes = (route.config as { scopes?: readonly Scope[] } | undefined)?.scopes ?? [];
      return {
        schema: { ...schema, security: [{ apiKey: [] }], 'x-required-scopes': scopes } as typeof schema,
        url,
      };
    },
  });
  await registerReferencePage(app);
}
