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
            ? `The new key is in ${join(loadConfig().dataDir, 'secrets.key')}; the one it replaced stays in ${PREVIOUS_KEY_FILE} beside it until the next rotation: backups made before this one need it.`
            : 'Now remove SECRETS_KEY_PREVIOUS from every server and worker, and restart them.',
        ].join('\n'),
      );
    });
}

type Report = RotationReport & { keySource: 'environment' | 'file' };

const rotateWith = () =>
  withRuntime('cli', (rt) => rotateSecrets(rt.db, rt.secrets, rt.clock, rt.services.sealed));

/**
 * On the embedded database, while a rotation of the key file is under way: the key it replaces,
 * kept until it is done (a run cut short is finished by the next one).
 */
const ROTATING_KEY_FILE = 'secrets.key.rotating';

async function rotate(config: Config): Promise<Report> {
  if (config.secretsKey) {
    if (!config.secretsKeyPrevious) throw previousMissing();
    return { ...(await rotateWith()), keySource: 'environment' };
  }
  if (config.databaseUrl) throw previousMissing();
  // The embedded database's key files: a new key in secrets.key, the one it replaces in
  // secrets.key.previous, kept until the next rotation so that the backups made before this
  // one still open. Only with no server running: it holds the keys it started with.
  await prepareDataDir(config.dataDir);
  const holder = await readLockHolder(config.dataDir);
  if (holder) throw new EmbeddedDatabaseBusy(holder);
  const dir = config.dataDir;
  if ((await readKeyFile(dir, ROTATING_KEY_FILE)) === null && (await readKeyFile(dir, PREVIOUS_KEY_FILE))) {
    // The key before the current one is about to go: what is still sealed under it (a backup
    // made before the last rotation, restored; or a run of a release that removed the file when
    // done, cut short) is first sealed again under the current key.
    await rotateWith();
  }
  await startKeyFileRotation(dir);
  const report = await rotateWith();
  await unlink(join(dir, ROTATING_KEY_FILE));
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

/** A key file of the data directory, trimmed; null when there is none. */
async function readKeyFile(dataDir: string, file: string): Promise<string | null> {
  try {
    return (await readFile(join(dataDir, file), 'utf8')).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Writes a key file whole (a temporary file renamed over it), mode 0600. */
async function writeKeyFile(dataDir: string, file: string, key: string): Promise<void> {
  const path = join(dataDir, file);
  await writeFile(`${path}.next`, `${key}\n`, { mode: FILE_MODE });
  await rename(`${path}.next`, path);
}

/**
 * The key being replaced noted in secrets.key.rotating, then copied to secrets.key.previous
 * (over the one before it), then a new key to secrets.key. Each step is done again, or found
 * done, by a run that finishes one cut short: the noted key tells which key is being replaced.
 */
async function startKeyFileRotation(dataDir: string): Promise<void> {
  let replaced = await readKeyFile(dataDir, ROTATING_KEY_FILE);
  if (replaced === null) {
    replaced = await readKeyFile(dataDir, 'secrets.key');
    if (replaced === null) {
      throw new CliError('no_key', `There is no key to rotate in ${dataDir} yet (nothing was ever sealed).`);
    }
    await writeKeyFile(dataDir, ROTATING_KEY_FILE, replaced);
  }
  await writeKeyFile(dataDir, PREVIOUS_KEY_FILE, replaced);
  if ((await readKeyFile(dataDir, 'secrets.key')) === replaced) {
    await writeKeyFile(dataDir, 'secrets.key', randomBytes(32).toString('base64'));
  }
}
