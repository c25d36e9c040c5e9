import { CommanderError } from 'commander';
import { ConfigError } from './config.ts';
import { DataDirUnsafe } from './platform/data-dir.ts';
import { EmbeddedDatabaseBusy } from './platform/db/embedded-lock.ts';
import { MigrationsPending } from './platform/db/migrate.ts';
import { ApiError } from './platform/errors.ts';

/**
 * What the command line prints. With `--json` every outcome is one JSON document on standard
 * output, a failure included (`{"error": {"code", "message", ...}}`, the envelope the API uses),
 * and every field name is snake_case. The exit code says how it went: 0 done, 1 the operation
 * failed (or found a fault, as `evidence verify` on a broken chain), 2 the command was misused.
 */

export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** A failure of a command, with a stable code for scripts. */
export class CliError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly exitCode: number = EXIT_FAILED,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

const snake = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();

/** The value with every object key in snake_case, at every depth (dates as ISO strings). */
export function snakeKeys(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [snake(key), snakeKeys(inner)]));
  }
  return value;
}

/**
 * What a command answers: JSON for scripts (indented, or one document per line where a command
 * answers line after line), else the human text.
 */
export function printResult(json: boolean, value: unknown, human: () => string, compact = false): void {
  const text = json ? JSON.stringify(snakeKeys(value), null, compact ? undefined : 2) : human();
  process.stdout.write(`${text}\n`);
}

/** Commander's own outcomes that are not failures: help and version asked for. */
const NOT_FAILURES = new Set(['commander.helpDisplayed', 'commander.help', 'commander.version']);

/** A thrown error as the command line reports it: a code, a message, details and an exit code. */
export function describeFailure(err: unknown): {
  code: string;
  message: string;
  extra: Record<string, unknown>;
  exitCode: number;
} | null {
  if (err instanceof CommanderError) {
    if (NOT_FAILURES.has(err.code)) return null;
    return {
      code: 'usage_invalid',
      message: err.message.replace(/^error: /, ''),
      extra: { reason: err.code.replace(/^commander\./, '') },
      exitCode: EXIT_USAGE,
    };
  }
  if (err instanceof CliError)
    return { code: err.code, message: err.message, extra: err.extra, exitCode: err.exitCode };
  if (err instanceof ApiError)
    return {
      code: err.code,
      message: err.message,
      extra: { status: err.status, ...err.extra },
      exitCode: EXIT_FAILED,
    };
  if (err instanceof EmbeddedDatabaseBusy) {
    return {
      code: 'embedded_database_busy',
      message: err.message,
      extra: { holder: { pid: err.holder.pid, role: err.holder.role, url: err.holder.url ?? null } },
      exitCode: EXIT_FAILED,
    };
  }
  if (err instanceof MigrationsPending) {
    return {
      code: 'migrations_pending',
      message: err.message,
      extra: { pending: err.pending },
      exitCode: EXIT_FAILED,
    };
  }
  if (err instanceof DataDirUnsafe)
    return { code: 'data_dir_unsafe', message: err.message, extra: {}, exitCode: EXIT_USAGE };
  if (err instanceof ConfigError)
    return { code: 'config_invalid', message: err.message, extra: {}, exitCode: EXIT_USAGE };
  return {
    code: 'internal_error',
    message: err instanceof Error ? err.message : String(err),
    extra: {},
    exitCode: EXIT_FAILED,
  };
}

/** Writes a failure (JSON on standard output, or a line on standard error) and answers the exit code. */
export function reportFailure(json: boolean, err: unknown): number {
  const failure = describeFailure(err);
  if (!failure) return err instanceof CommanderError ? err.exitCode : 0;
  if (json) {
    const body = { error: { ...failure.extra, code: failure.code, message: failure.message } };
    process.stdout.write(`${JSON.stringify(snakeKeys(body), null, 2)}\n`);
  } else if (typeof failure.extra.status === 'number') {
    // A refusal of the service reads as the operations API answers it, e.g. 409 classification_refused.
    process.stderr.write(
      `funder-api: refused (${failure.extra.status} ${failure.code}): ${failure.message}\n`,
    );
  } else {
    process.stderr.write(`funder-api: ${failure.message}\n`);
  }
  return failure.exitCode;
}
