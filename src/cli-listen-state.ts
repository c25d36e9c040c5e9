import { createHash } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { CliError, EXIT_USAGE } from './cli-output.ts';

/**
 * Where `funder-api listen` resumes after a restart: the cursor after the last event it handled,
 * in a small JSON file, written whole (a temporary file renamed over it) after each event or
 * page, so that a stop at any moment leaves either the previous place or the new one.
 *
 * The file names the API and the key it was kept for by a fingerprint (never the key): a file
 * kept for another API or key is not resumed from, since a cursor means something only to the
 * log that gave it.
 */

/** The state file in the directory the command runs in, unless `--state` names another. */
export const DEFAULT_STATE_FILE = '.funder-api-listen.json';

interface StateFile {
  api_url: string;
  key_fingerprint: string;
  /** null: the log was empty when the session began, so it resumes from the log's start. */
  cursor: string | null;
}

/** 16 hex digits of SHA-256 over the API's address and the key: which session the file is for. */
export function sessionFingerprint(apiUrl: string, apiKey: string): string {
  return createHash('sha256')
    .update(`${new URL(apiUrl).origin}\n${apiKey}`)
    .digest('hex')
    .slice(0, 16);
}

/** The place kept for this session; null when there is no file or it was kept for another one. */
export async function readState(
  path: string,
  fingerprint: string,
): Promise<{ cursor: string | null } | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new CliError('state_unreadable', `--state ${path}: ${(err as Error).message}`, {}, EXIT_USAGE);
  }
  let kept: Partial<StateFile> | null = null;
  try {
    kept = JSON.parse(text);
  } catch {}
  if (!kept || typeof kept !== 'object' || !(typeof kept.cursor === 'string' || kept.cursor === null)) {
    throw new CliError(
      'state_invalid',
      `--state ${path}: not a state file of funder-api listen; name another file or remove this one.`,
      {},
      EXIT_USAGE,
    );
  }
  return kept.key_fingerprint === fingerprint ? { cursor: kept.cursor ?? null } : null;
}

/** Writes the cursor: to a temporary file beside it first, renamed over the state file. */
export async function writeState(
  path: string,
  session: { apiUrl: string; fingerprint: string },
  cursor: string | null,
): Promise<void> {
  const state: StateFile = {
    api_url: new URL(session.apiUrl).origin,
    key_fingerprint: session.fingerprint,
    cursor,
  };
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, `${JSON.stringify(state)}\n`, { mode: 0o600 });
    await rename(temporary, path);
  } catch (err) {
    await rm(temporary, { force: true }).catch(() => {});
    throw new CliError('state_unwritable', `--state ${path}: ${(err as Error).message}`);
  }
}
