import { type Span, SpanKind, SpanStatusCode, type Tracer } from '@opentelemetry/api';
import { currentTrace } from '../tracing.ts';
import {
  type Db,
  pgErrorCode,
  type QueryOptions,
  type QueryResult,
  type TransactionOptions,
  type Tx,
} from './db.ts';

/**
 * A Db whose statements are spans: each statement run inside a traced call (platform/tracing.ts)
 * is a client span, child of the call's server span. Outside a call (jobs, the webhook
 * dispatcher's polling, migrations) nothing is recorded: a span per poll would bury the calls.
 *
 * A span names its statement, never its values: the statement's name when it has one, else its
 * first keyword and the table it names first (`SELECT funders`). No SQL text is exported (some
 * statements carry a literal), and a failure is reported by its SQLSTATE code alone (PostgreSQL's
 * messages quote the values that broke a constraint).
 *
 * Only used when spans are exported (runtime.ts): without a tracer the Db is the adapter itself.
 */
export function tracedDb<D extends Db>(db: D, tracer: Tracer): D {
  const traced = (q: Pick<Tx, 'query' | 'copyOut'>): Pick<Tx, 'query' | 'copyOut'> => ({
    query: <T>(sql: string, params?: readonly unknown[], options?: QueryOptions) =>
      inSpan(tracer, sql, options?.name, () => q.query<T>(sql, params, options)),
    ...(q.copyOut
      ? {
          copyOut: (sql: string, consume: (chunks: AsyncIterable<Buffer>) => Promise<void>) =>
            inSpan(tracer, sql, undefined, () => q.copyOut!(sql, consume)),
        }
      : {}),
  });
  return {
    ...db,
    ...traced(db),
    transaction: <T>(fn: (tx: Tx) => Promise<T>, options?: TransactionOptions) =>
      db.transaction((tx) => fn({ ...tx, ...traced(tx) }), options),
  };
}

async function inSpan<R>(
  tracer: Tracer,
  sql: string,
  name: string | undefined,
  run: () => Promise<R>,
): Promise<R> {
  const parent = currentTrace()?.context;
  if (!parent) return run();
  const summary = statementSummary(sql);
  const span = tracer.startSpan(
    name ?? summary.text,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system.name': 'postgresql',
        'db.operation.name': summary.operation,
        ...(summary.table ? { 'db.collection.name': summary.table } : {}),
        'db.query.summary': name ?? summary.text,
      },
    },
    parent,
  );
  try {
    const result = await run();
    const rows = (result as Partial<QueryResult<unknown>> | undefined)?.rowCount;
    if (typeof rows === 'number') span.setAttribute('db.response.returned_rows', rows);
    return result;
  } catch (err) {
    failed(span, err);
    throw err;
  } finally {
    span.end();
  }
}

function failed(span: Span, err: unknown): void {
  const code = pgErrorCode(err);
  if (code) span.setAttribute('db.response.status_code', code);
  span.setAttribute('error.type', code ?? 'error');
  span.setStatus({ code: SpanStatusCode.ERROR });
}

const FIRST_WORD = /^\s*(?:--[^\n]*\n\s*)*([A-Za-z]+)/;
/** The first table a statement names, an identifier only (never a literal or a parameter). */
const FIRST_TABLE = /\b(?:FROM|INTO|UPDATE|JOIN)\s+([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?)/i;

/** `SELECT funders`, `INSERT outbox_events`, `WITH webhook_deliveries`: words of the SQL, no value. */
export function statementSummary(sql: string): { operation: string; table: string | null; text: string } {
  const operation = (FIRST_WORD.exec(sql)?.[1] ?? 'SQL').toUpperCase();
  const table = FIRST_TABLE.exec(sql)?.[1] ?? null;
  return { operation, table, text: table ? `${operation} ${table}` : operation };
}
