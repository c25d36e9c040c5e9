import { randomBytes } from 'node:crypto';
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from 'commander';
import { CliError, EXIT_USAGE } from './cli-output.ts';
import { jsonOption, type Output, print, withRuntime } from './cli-runtime.ts';
import { type Config, loadConfig } from './config.ts';
import { FILE_MODE, prepareDataDir } from './platform/data-dir.ts';
import { EmbeddedDatabaseBusy, readLockHolder } from './platform/db/embedded-lock.ts';
import { type RotationReport, rotateSecrets } from './platform/secrets-rotation.ts';
import { PREVIOUS_KEY_FILE } from './runtime.ts';

/** `secrets rotate`: every sealed value sealed again under a new secrets key. */
export function addSecretsCommands(cli: Command): void {
  cli
    .command('secrets')
    .description('the key secrets are sealed under')
    .command('rotate')
    .description(
      'seal every secret again under the new key: SECRETS_KEY (with SECRETS_KEY_PREVIOUS, the old one), or on the embedded database a new key file',
    )
    .addOption(jsonOption)
    .action(async (options: Output) => {
      const report = await rotate(loadConfig());
      const total = Object.values(report.resealed).reduce((sum, n) => sum + n, 0);
      print(options, report, () =>
        [
          `Sealed again under the new key: ${total} value(s) (${Object.entries(report.resealed)
            .map(([table, n]) => `${table} ${n}`)
            .join(', ')}).`,
          report.keySource === 'file'
            ? `The new key is in ${join(loadConfig().dataDir, 'secrets.key')}; the old one is gone.`
            : 'Now remove SECRETS_KEY_PREVIOUS from every server and worker, and restart them.',
        ].join('\n'),
      );
    });
}

type Report = RotationReport & { keySource: 'environment' | 'file' };

const rotateWith = () => withRuntime('cli', (rt) => rotateSecrets(rt.db, rt.secrets, rt.clock));

async function rotate(config: Config): Promise<Report> {
  if (config.secretsKey) {
    if (!config.secretsKeyPrevious) throw previousMissing();
    return { ...(await rotateWith()), keySource: 'environment' };
  }
  if (config.databaseUrl) throw previousMissing();
  // The embedded database's kept key file: a new key in its place, the old one beside it
  // until every value is sealed again. Only with no server running: it holds the old key.
  await prepareDataDir(config.dataDir);
  const holder = await readLockHolder(config.dataDir);
  if (holder) throw new EmbeddedDatabaseBusy(holder);
  await startKeyFileRotation(config.dataDir);
  const report = await rotateWith();
  await unlink(join(config.dataDir, PREVIOUS_KEY_FILE));
  return { ...report, keySource: 'file' };
}

function previousMissing(): CliError {
  return new CliError(
    'previous_key_missing',
    'Set SECRETS_KEY to the new key and SECRETS_KEY_PREVIOUS to the key it replaces, on this command and on every server and worker (docs/operations.md, "Rotating secrets").',
    {},
    EXIT_USAGE,
  );
}

/**
 * The old key to secrets.key.previous, a new one to secrets.key, each file written whole before
 * it is used. A rotation cut short left the previous file: it is finished with the key there.
 */
async function startKeyFileRotation(dataDir: string): Promise<void> {
  const current = join(dataDir, 'secrets.key');
  const previous = join(dataDir, PREVIOUS_KEY_FILE);
  let old: string;
  try {
    old = await readFile(current, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    throw new CliError('no_key', `There is no key to rotate in ${dataDir} yet (nothing was ever sealed).`);
  }
  try {
    await writeFile(previous, old, { mode: FILE_MODE, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // Cut short after the new key was in place: finish with it. Before: make it now.
    if ((await readFile(previous, 'utf8')).trim() !== old.trim()) return;
  }
  const next = `${current}.next`;
  await writeFile(next, `${randomBytes(32).toString('base64')}\n`, { mode: FILE_MODE });
  await rename(next, current);
}
