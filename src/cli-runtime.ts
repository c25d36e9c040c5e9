import { Option } from 'commander';
import type { OpsCommands } from './cli-commands.ts';
import { inProcessCommands } from './cli-in-process.ts';
import { printResult } from './cli-output.ts';
import { remoteCommands } from './cli-remote.ts';
import { loadConfig } from './config.ts';
import type { OperatorCaller } from './platform/caller.ts';
import { prepareDataDir } from './platform/data-dir.ts';
import { OPERATOR, runAs } from './platform/db/actor.ts';
import {
  acquireEmbeddedLock,
  EmbeddedDatabaseBusy,
  type EmbeddedLock,
  readLockHolder,
} from './platform/db/embedded-lock.ts';
import { migrate } from './platform/db/migrate.ts';
import { createRuntime, type Runtime, resolveSecrets } from './runtime.ts';

/**
 * Who a command acts as: the operations team, as through the operations API. On the database
 * directly it holds every right (no role: an admin's); through a running server it is the
 * bootstrap operator.
 */
const operator: OperatorCaller = { kind: 'operator', requestId: 'cli', name: 'cli' };

/** The options every command that answers takes. */
export interface Output {
  json: boolean;
}

export const jsonOption = new Option('--json', 'print JSON for scripts');

export function print(out: Output, value: unknown, human: () => string): void {
  printResult(out.json === true, value, human);
}

/**
 * Opens the runtime for a one-off command that works on the database itself (migrations, the
 * secrets' rotation): refused while a running server holds the embedded database.
 */
export function withRuntime<T>(role: string, direct: (runtime: Runtime) => Promise<T>): Promise<T> {
  return open(role, direct);
}

/**
 * Runs an operations command: in this process on the database it opens, or, when a running
 * server holds the embedded database, through that server's operations API. The command sees
 * one interface either way.
 */
export function withCommands<T>(run: (commands: OpsCommands) => Promise<T>): Promise<T> {
  return open(
    'cli',
    (runtime) => run(inProcessCommands(runtime, operator)),
    (url, opsToken) => run(remoteCommands(url, opsToken)),
  );
}

/**
 * Opens the runtime for a one-off command. On the embedded database a running server holds
 * the data folder; then `viaServer` (if given) goes through its operations API instead.
 */
async function open<T>(
  role: string,
  direct: (runtime: Runtime) => Promise<T>,
  viaServer?: (url: string, opsToken: string) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  let lock: EmbeddedLock | null = null;
  if (!config.databaseUrl) {
    // Before its lock file or its token is read: a directory others can write is refused.
    await prepareDataDir(config.dataDir);
    const holder = await readLockHolder(config.dataDir);
    if (holder) {
      // Its operations API is on its operations listener when it has one (OPS_PORT).
      const url = holder.opsUrl ?? holder.url;
      if (!viaServer || !url) throw new EmbeddedDatabaseBusy(holder);
      const { opsToken } = await resolveSecrets(config);
      return viaServer(url, opsToken);
    }
    lock = await acquireEmbeddedLock(config.dataDir, role);
  }
  const runtime = await createRuntime({ ...config, logLevel: 'warn' });
  try {
    // `migrate` itself reports what it applied: migrating here first would leave it nothing.
    if (role !== 'migrate') await migrate(runtime.db);
    // The CLI is the operations team's tool: it runs as the operator role.
    return await runAs(OPERATOR, () => direct(runtime));
  } finally {
    await runtime.close();
    await lock?.release();
  }
}
