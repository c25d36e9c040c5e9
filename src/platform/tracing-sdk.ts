import type { Tracer } from '@opentelemetry/api';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';

/** How long a stop waits for the last spans to reach the collector before it gives up on them. */
const SHUTDOWN_FLUSH_MS = 5_000;
/** At most one log line per this period about spans that could not be exported. */
const EXPORT_WARNING_EVERY_MS = 60_000;

export interface TracingSdk {
  tracer: Tracer;
  /** Exports the spans still waiting, then stops (bounded: a collector that is down never holds a stop). */
  shutdown(): Promise<void>;
}

/**
 * The OpenTelemetry SDK, started only when OTLP export is configured (OTEL_EXPORTER_OTLP_ENDPOINT
 * or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, config.ts): its modules are loaded then and only then,
 * so a service without a collector pays nothing for them.
 *
 * Spans are batched (the SDK's BatchSpanProcessor, tuned by the standard OTEL_BSP_* variables)
 * and sent as OTLP/HTTP JSON; the sampler is the SDK's default, parent-based (a caller's sampled
 * flag is followed, a new trace is sampled), or what OTEL_TRACES_SAMPLER says. Nothing is
 * registered globally: the tracer is handed to what records spans, so several services in one
 * process (the tests) never share one.
 */
export async function startTracingSdk(
  config: Pick<Config, 'otlpTracesUrl' | 'otelServiceName'>,
  logger: Logger,
): Promise<TracingSdk | null> {
  if (!config.otlpTracesUrl) return null;
  const [
    { BasicTracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { resourceFromAttributes },
    core,
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/core'),
  ]);
  const { ATTR_SERVICE_NAME } = await import('@opentelemetry/semantic-conventions');
  warnWhenExportFails(core.setGlobalErrorHandler, logger);
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.otelServiceName }),
    // Headers, timeout and compression of the export come from the standard OTEL_EXPORTER_OTLP_*
    // variables, which the exporter reads itself.
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: config.otlpTracesUrl }))],
  });
  logger.info({ service_name: config.otelServiceName }, 'tracing: spans exported over OTLP/HTTP');
  return {
    tracer: provider.getTracer('funder-api'),
    async shutdown() {
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, SHUTDOWN_FLUSH_MS);
        timer.unref();
      });
      await Promise.race([provider.shutdown().catch(() => undefined), bound]);
      clearTimeout(timer);
    },
  };
}

/**
 * The SDK reports a failed export to its global error handler, silent by default: here it is a
 * warning, once a minute at most, without the collector's URL (it may carry a credential).
 */
function warnWhenExportFails(setHandler: (handler: (error: unknown) => void) => void, logger: Logger): void {
  let last = Number.NEGATIVE_INFINITY;
  setHandler((error) => {
    const now = performance.now();
    if (now - last < EXPORT_WARNING_EVERY_MS) return;
    last = now;
    const message = error instanceof Error ? error.message : String(error);
    logger.warn({ err: message.slice(0, 300) }, 'tracing: spans could not be exported');
  });
}
