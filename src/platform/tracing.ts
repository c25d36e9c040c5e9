import { AsyncLocalStorage } from 'node:async_hooks';
import { randomFillSync } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  type Attributes,
  type Context,
  defaultTextMapGetter,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { parseTraceParent, W3CTraceContextPropagator } from '@opentelemetry/core';

/**
 * W3C trace context for every call, whether or not spans are exported.
 *
 * A call that arrives with a well-formed `traceparent` continues its trace (same trace id, a span
 * id of ours); any other call starts a trace. The ids cost two random numbers, so they exist on
 * every call: the trace id is bound to the call's log lines, sent back in the answer's
 * `traceparent`, and stored with the outbox events the call writes, so that the webhook
 * deliveries they cause name it too.
 *
 * With an OpenTelemetry tracer (tracing-sdk.ts, started only when OTLP export is configured) the
 * ids are those of a real server span, and the call's database statements become its children
 * (db/traced.ts). Without one nothing is recorded: the ids are only handed on.
 */
export interface CallTrace {
  traceId: string;
  /** The span of this service: the server span of a call, the client span of a delivery. */
  spanId: string;
  /** W3C trace flags (bit 0: sampled). */
  flags: number;
  /** The span recorded for it, null when no tracer runs. */
  span: Span | null;
  /** The OpenTelemetry context holding `span`, the parent of the statements run meanwhile. */
  context: Context | null;
}

const propagator = new W3CTraceContextPropagator();
const storage = new AsyncLocalStorage<CallTrace>();

/** Runs `work` (and everything it awaits) inside `callTrace`. */
export function runInTrace<T>(callTrace: CallTrace, work: () => T): T {
  return storage.run(callTrace, work);
}

/** The trace of the running call, undefined outside any (jobs, the dispatcher's own work). */
export function currentTrace(): CallTrace | undefined {
  return storage.getStore();
}

/** `00-<trace id>-<span id>-<flags>`, the one version this service writes. */
export function formatTraceparent(callTrace: Pick<CallTrace, 'traceId' | 'spanId' | 'flags'>): string {
  return `00-${callTrace.traceId}-${callTrace.spanId}-${callTrace.flags.toString(16).padStart(2, '0')}`;
}

/** The trace id inside a traceparent this service wrote (outbox rows), null for anything else. */
export function traceIdOf(traceparent: string | null | undefined): string | null {
  return traceparent ? (parseTraceParent(traceparent)?.traceId ?? null) : null;
}

/**
 * Random ids drawn from a pool refilled 4 KiB at a time (as `crypto.randomUUID` keeps its own):
 * one call into the system's random source per 170 calls rather than two per call, which were
 * about 4 % of the server's time on `GET /v1/me` (bench/README.md, "Authentication and rate limiting").
 */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let drawn = 0;
function hex(bytes: number): string {
  if (drawn + bytes > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafe(POOL_BYTES));
    drawn = 0;
  }
  drawn += bytes;
  return pool.toString('hex', drawn - bytes, drawn);
}

/**
 * The parent a call names in its `traceparent` (and `tracestate`), or the root context when it
 * names none or one that does not parse: a malformed header starts a new trace, never an error.
 */
function remoteParent(headers: IncomingHttpHeaders): Context {
  return propagator.extract(ROOT_CONTEXT, headers, defaultTextMapGetter);
}

/**
 * Starts the trace of a call or of a delivery: a span of `kind` under `parent` (a remote span
 * context), recorded when a tracer runs, else only fresh ids that continue the parent's trace.
 */
function startSpan(
  tracer: Tracer | null,
  parent: Context,
  name: string,
  kind: SpanKind,
  attributes: Attributes,
): CallTrace {
  const parentSpan = trace.getSpanContext(parent);
  if (!tracer) {
    return {
      traceId: parentSpan?.traceId ?? hex(16),
      spanId: hex(8),
      // Nothing is recorded here: the caller's sampling decision is handed on as it came.
      flags: parentSpan?.traceFlags ?? 0,
      span: null,
      context: null,
    };
  }
  const span = tracer.startSpan(name, { kind, attributes }, parent);
  const { traceId, spanId, traceFlags } = span.spanContext();
  return { traceId, spanId, flags: traceFlags, span, context: trace.setSpan(parent, span) };
}

/** The trace of an HTTP call, from its headers; its server span is named once the route is known. */
export function startCallTrace(
  tracer: Tracer | null,
  headers: IncomingHttpHeaders,
  method: string,
): CallTrace {
  return startSpan(tracer, remoteParent(headers), method, SpanKind.SERVER, {});
}

/**
 * The trace of one webhook delivery attempt: a client span continuing the trace of the call
 * that caused the event (`traceparent` as stored in the outbox), or a new trace when the event
 * has none (written by a job, or before tracing existed).
 */
export function startDeliveryTrace(
  tracer: Tracer | null,
  traceparent: string | null,
  attributes: Attributes,
): CallTrace {
  const stored = traceparent ? trace.getSpanContext(remoteParent({ traceparent })) : undefined;
  if (!tracer && stored) {
    // Nothing recorded: the delivery hands on the stored context as it is, as a proxy would.
    return {
      traceId: stored.traceId,
      spanId: stored.spanId,
      flags: stored.traceFlags,
      span: null,
      context: null,
    };
  }
  // The stored context is this service's own span, whose sampling decision was ours: the
  // delivery follows it as a statement follows its call (tracing-sdk.ts), not as a caller's.
  const parent = stored ? trace.setSpanContext(ROOT_CONTEXT, { ...stored, isRemote: false }) : ROOT_CONTEXT;
  return startSpan(tracer, parent, 'webhook delivery', SpanKind.CLIENT, attributes);
}
