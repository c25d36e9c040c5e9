import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../../errors.ts';
import { throughOperationsListener } from '../ops-listener.ts';
import { operationKey } from '../scopes.ts';
import { type OperationRegistry, statusOf } from './registry.ts';

/**
 * Under tests: an error answer whose code its operation's document does not list, or lists
 * under another HTTP status than the one answered, becomes a loud 500 `undocumented_error_code`,
 * so any test reaching it fails and the document cannot fall behind the code. Never installed
 * in production.
 */
export function checkDocumentedErrors(app: FastifyInstance, registry: OperationRegistry): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    const url = request.routeOptions.url;
    // The operations listener answers 404 for every /v1 operation: no operation's answer.
    if (!url || throughOperationsListener(request.raw)) return payload;
    const operation = registry.get(operationKey(request.method, url));
    if (!operation) return payload;
    let code: unknown;
    try {
      code = (JSON.parse(payload) as { error?: { code?: unknown } }).error?.code;
    } catch {
      return payload;
    }
    let message: string;
    if (typeof code === 'string' && (operation.codes as readonly string[]).includes(code)) {
      const documented = statusOf(operation, code as ErrorCode);
      if (documented === reply.statusCode) return payload;
      message = `${operation.key} answered ${reply.statusCode} ${code}, which its OpenAPI document lists under ${documented}: give the operation its own status for the code (statuses in its route's config.operation) or answer the registry's.`;
    } else {
      message = `${operation.key} answered ${reply.statusCode} ${String(code)}, which its OpenAPI document does not list: add it to the errors of its route's config.operation.`;
    }
    request.log.error({ code, operation: operation.key }, message);
    // Test logs are silent: say it where the person running the tests looks.
    process.stderr.write(`undocumented error code: ${message}\n`);
    const status = reply.statusCode;
    reply.code(500);
    return JSON.stringify({
      error: {
        code: 'undocumented_error_code',
        message,
        request_id: request.id,
        undocumented: code,
        answered_status: status,
      },
    });
  });
}
