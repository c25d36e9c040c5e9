import type { Tracer } from '@opentelemetry/api';
import type { Sampler } from '@opentelemetry/sdk-trace';
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
 * Spans are batched (the SDK's BatchSpanProcessor, with the OTEL_BSP_* settings config.ts reads:
 * the SDK reads no environment for it) and sent as OTLP/HTTP JSON; the sampler is the service's
 * own (`samplerOf`, from the OTEL_TRACES_SAMPLER settings config.ts reads). Nothing is
 * registered globally: the tracer is handed to what records spans, so several services in one
 * process (the tests) never share one.
 */
export async function startTracingSdk(
  config: Pick<
    Config,
    'otlpTracesUrl' | 'otelServiceName' | 'otelTracesSampler' | 'otelTrustIncomingTrace' | 'otelBatch'
  >,
  logger: Logger,
): Promise<TracingSdk | null> {
  if (!config.otlpTracesUrl) return null;
  const [sdk, { OTLPTraceExporter }, { resourceFromAttributes }, core] = await Promise.all([
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/core'),
  ]);
  const { ATTR_SERVICE_NAME } = await import('@opentelemetry/semantic-conventions');
  const { TracerProvider, BatchSpanProcessor } = sdk;
  warnWhenExportFails(core.setGlobalErrorHandler, logger);
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.otelServiceName }),
    sampler: samplerOf(config, sdk),
    // Headers, timeout and compression of the export come from the standard OTEL_EXPORTER_OTLP_*
    // variables, which the exporter reads itself.
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url: config.otlpTracesUrl }),
        ...config.otelBatch,
      }),
    ],
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
 * The sampler OTEL_TRACES_SAMPLER names (config.ts), made so that a caller decides nothing:
 *
 * - a new trace (ids of our own) is decided by the named sampler: always, never, or by its trace
 *   id at the ratio;
 * - a call continuing a caller's `traceparent` keeps the caller's trace id, but its sampled flag
 *   is followed only with a parent-based sampler and OTEL_TRUST_INCOMING_TRACE=true. Otherwise
 *   the decision is ours: always, never, or a draw of our own at the ratio, not the trace id,
 *   which the caller chose and could choose to fall inside any ratio above 0;
 * - a span under a span of the service (a statement under its call, a delivery under the call
 *   that caused it: tracing.ts) follows it, so a call is exported whole or not at all.
 *
 * With trust on, a parent-based sampler is the standard one; the others never follow a caller.
 */
function samplerOf(
  config: Pick<Config, 'otelTracesSampler' | 'otelTrustIncomingTrace'>,
  sdk: typeof import('@opentelemetry/sdk-trace'),
): Sampler {
  const { name, ratio } = config.otelTracesSampler;
  const always = name.endsWith('always_on');
  const never = name.endsWith('always_off');
  const root = always
    ? new sdk.AlwaysOnSampler()
    : never
      ? new sdk.AlwaysOffSampler()
      : new sdk.TraceIdRatioBasedSampler(ratio);
  if (name.startsWith('parentbased_') && config.otelTrustIncomingTrace)
    return new sdk.ParentBasedSampler({ root });
  const share = always ? 1 : never ? 0 : ratio;
  const forCaller: Sampler = {
    shouldSample: () => ({
      decision:
        Math.random() < share ? sdk.SamplingDecision.RECORD_AND_SAMPLED : sdk.SamplingDecision.NOT_RECORD,
    }),
    toString: () => `OwnDraw{${share}}`,
  };
  return new sdk.ParentBasedSampler({
    root,
    remoteParentSampled: forCaller,
    remoteParentNotSampled: forCaller,
  });
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
