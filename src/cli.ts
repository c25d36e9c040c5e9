import { Command } from 'commander';
import { addFunderCommands, addKeyCommands } from './cli-accounts.ts';
import { addAuditCommand } from './cli-audit.ts';
import { addBackupCommands } from './cli-backup.ts';
import { addListenCommand } from './cli-listen.ts';
import { addOperatorCommands } from './cli-operators.ts';
import { CliError, EXIT_FAILED, EXIT_USAGE, reportFailure } from './cli-output.ts';
import { jsonOption, type Output, print, withCommands, withRuntime } from './cli-runtime.ts';
import { addSecretsCommands } from './cli-secrets.ts';
import { type Config, loadConfig } from './config.ts';
import { migrate } from './platform/db/migrate.ts';
import { DEFAULT_SETUP_NAMES, SQL_NAME, setupSql } from './platform/db/setup-sql.ts';
import { serve } from './serve.ts';

/** The command line: the servers, migrations, and the operations team's one-off commands. */
function program(json: boolean): Command {
  const cli = new Command('funder-api').description('The funder API of the invoice-financing service');
  // Set before the commands are added, so every command inherits them: commander throws
  // instead of exiting, and stays quiet when the answer is to be JSON (main prints it).
  cli.exitOverride();
  cli.configureOutput({
    outputError: (text, write) => {
      if (!json) write(text);
    },
  });

  addServerCommands(cli);
  addFunderCommands(cli);
  addKeyCommands(cli);
  addListenCommand(cli);
  addOperatorCommands(cli);
  addAuditCommand(cli);
  addBackupCommands(cli);
  addSecretsCommands(cli);
  addDemoAndEvidenceCommands(cli);
  return cli;
}

/** The processes (serve, work), migrations and the setup SQL of a PostgreSQL database. */
function addServerCommands(cli: Command): void {
  cli
    .command('serve')
    .description('serve the HTTP API (and, on the embedded database, run the background jobs too)')
    // Neither flag: FUNDER_API_INLINE_WORKER decides (default: on the embedded database only).
    .option('--worker', 'run background jobs in this process too, whatever FUNDER_API_INLINE_WORKER says')
    .option(
      '--no-worker',
      'do not run background jobs in this process, whatever FUNDER_API_INLINE_WORKER says',
    )
    .action(async (options: { worker?: boolean }) => serve(loadConfig(), { worker: options.worker }));

  cli
    .command('work')
    .description('run background jobs only')
    .action(async () => serve(loadConfig(), { worker: true, http: false }));

  cli
    .command('migrate')
    .description('apply the database migrations not applied yet')
    .addOption(jsonOption)
    .action(async (options: Output) => {
      const report = await withRuntime('migrate', (runtime) => migrate(runtime.db));
      print(options, report, () =>
        report.applied.length === 0 ? 'Nothing to apply.' : `Applied: ${report.applied.join(', ')}`,
      );
    });

  cli
    .command('db')
    .description('the PostgreSQL database')
    .command('setup-sql')
    .description(
      "print the SQL a database administrator runs once, as a superuser, in the service's database",
    )
    .option('--owner <name>', 'the role that runs migrations and owns the schema', DEFAULT_SETUP_NAMES.owner)
    .option('--login <name>', 'the role serve and work connect as', DEFAULT_SETUP_NAMES.login)
    .option('--database <name>', "the service's database", DEFAULT_SETUP_NAMES.database)
    .addOption(jsonOption)
    .action((options: Output & { owner: string; login: string; database: string }) => {
      const names = { owner: options.owner, login: options.login, database: options.database };
      const bad = Object.entries(names).filter(([, value]) => !SQL_NAME.test(value));
      if (bad.length > 0)
        throw new CliError(
          'name_invalid',
          `${bad.map(([option]) => `--${option}`).join(', ')}: a name of lower case letters, digits and underscores, starting with a letter or underscore, at most 63.`,
          { options: bad.map(([option]) => option) },
          EXIT_USAGE,
        );
      if (names.owner === names.login)
        throw new CliError(
          'name_invalid',
          '--owner and --login must be two different roles.',
          {},
          EXIT_USAGE,
        );
      const sql = setupSql(names);
      print(options, { sql }, () => sql.trimEnd());
    });
}

/** The demonstration plane's reset and the evidence chain's check. */
function addDemoAndEvidenceCommands(cli: Command): void {
  cli
    .command('demo')
    .description('the demonstration plane')
    .command('reset')
    .addOption(jsonOption)
    .action(async (options: Output) => {
      const result = await withCommands((ops) => ops.resetDemo());
      print(options, result, () => `Demonstration plane rebuilt for funder ${result.bank_id}.`);
    });

  cli
    .command('evidence')
    .description('the evidence chain')
    .command('verify')
    .addOption(jsonOption)
    .action(async (options: Output) => {
      // A server holding the embedded database verifies it through its operations API.
      const report = await withCommands((ops) => ops.verifyEvidence());
      print(options, report, () =>
        report.ok
          ? `Evidence chain intact: ${report.entries} entries over ${report.days} day(s).`
          : `Evidence chain BROKEN at entry ${report.first_broken!.seq} (${report.first_broken!.id}): ${report.first_broken!.reason}`,
      );
      if (!report.ok) process.exitCode = EXIT_FAILED;
    });
}

/** The Node.js versions package.json's `engines` admits, as the warning below names them. */
const SUPPORTED_NODE = 'Node.js 22 from 22.15, or 24 and later';

/** Whether `version` (as `process.versions.node` writes it) is one `engines` admits: ^22.15 || >=24. */
function supportedNode(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return (major === 22 && minor >= 15) || major >= 24;
}

export async function main(argv: string[]): Promise<void> {
  // One line, then on: the command may well work, but no test ran it on this version.
  if (!supportedNode(process.versions.node))
    process.stderr.write(
      `funder-api: Node.js ${process.versions.node} is not supported (${SUPPORTED_NODE}); going on untested.\n`,
    );
  // Everything this process makes (the data directory, its files) is its owner's alone. The
  // embedded database's file layer ignores the umask for files: platform/data-dir.ts tightens those.
  process.umask(0o077);
  // Decided from the words typed, so that even a command commander refuses answers in JSON.
  const json = argv.slice(2).includes('--json');
  try {
    await program(json).parseAsync(argv);
  } catch (err) {
    process.exitCode = reportFailure(json, err);
  }
}

export type { Config };

await main(process.argv);
