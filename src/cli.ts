import { Command, Option } from 'commander';
import { ENVIRONMENTS } from './areas/account/account.module.ts';
import { CliError, EXIT_FAILED, EXIT_USAGE, printResult, reportFailure } from './cli-output.ts';
import { type Config, loadConfig } from './config.ts';
import type { Caller } from './platform/caller.ts';
import { prepareDataDir } from './platform/data-dir.ts';
import { OPERATOR, runAs } from './platform/db/actor.ts';
import {
  acquireEmbeddedLock,
  EmbeddedDatabaseBusy,
  type EmbeddedLock,
  readLockHolder,
} from './platform/db/embedded-lock.ts';
import { migrate } from './platform/db/migrate.ts';
import { type VerifyReport, verifyEvidence } from './platform/evidence.ts';
import { SCOPES } from './platform/http/scopes.ts';
import { createRuntime, type Runtime, resolveSecrets } from './runtime.ts';
import { serve } from './serve.ts';

const operator: Caller = { kind: 'operator', requestId: 'cli' };

interface Output {
  json: boolean;
}

function print(out: Output, value: unknown, human: () => string): void {
  printResult(out.json === true, value, human);
}

/**
 * Opens the runtime for a one-off command. On the embedded database a running server holds
 * the data folder; then `viaServer` (if given) goes through its operations API instead.
 */
async function withRuntime<T>(
  role: string,
  direct: (runtime: Runtime) => Promise<T>,
  viaServer?: (call: (method: string, path: string, body?: unknown) => Promise<unknown>) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  let lock: EmbeddedLock | null = null;
  if (!config.databaseUrl) {
    // Before its lock file or its token is read: a directory others can write is refused.
    await prepareDataDir(config.dataDir);
    const holder = await readLockHolder(config.dataDir);
    if (holder) {
      if (!viaServer || !holder.url) throw new EmbeddedDatabaseBusy(holder);
      const { opsToken } = await resolveSecrets(config);
      const url = holder.url;
      return viaServer(async (method, path, body) => {
        let response: Response;
        try {
          response = await fetch(`${url}${path}`, {
            method,
            headers: {
              authorization: `Bearer ${opsToken}`,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
        } catch (err) {
          throw new CliError(
            'server_unreachable',
            `The running server at ${url} holds the embedded database but did not answer: ${(err as Error).message}`,
            { url },
          );
        }
        const text = await response.text();
        let answer: { error?: { code?: string; message?: string } & Record<string, unknown> } = {};
        try {
          answer = text ? JSON.parse(text) : {};
        } catch {
          throw new CliError(
            'server_answer_invalid',
            `The server at ${url} answered ${response.status} without JSON.`,
            {
              url,
              status: response.status,
            },
          );
        }
        if (!response.ok) {
          const { code, message, ...extra } = answer.error ?? {};
          throw new CliError(
            code ?? `http_${response.status}`,
            message ?? `The server at ${url} answered ${response.status}.`,
            { ...extra, status: response.status },
          );
        }
        return answer;
      });
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

const jsonOption = new Option('--json', 'print JSON for scripts');

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

  const funders = cli.command('funders').description('create, classify and list funders');
  funders
    .command('list')
    .addOption(jsonOption)
    .action(async (options: Output) => {
      const list = await withRuntime(
        'cli',
        (rt) => rt.services.account.listFunders(),
        async (call) => ((await call('GET', '/ops/v1/funders')) as { funders: unknown[] }).funders as never,
      );
      print(
        options,
        { funders: list },
        () =>
          (list as { bank_id: string; environment: string; status: string; name: string }[])
            .map((f) => `${f.bank_id}  ${f.environment.padEnd(12)} ${f.status.padEnd(9)} ${f.name}`)
            .join('\n') || 'No funders.',
      );
    });
  funders
    .command('create')
    .requiredOption('--name <name>', 'the funder name')
    .addOption(
      new Option('--environment <env>', 'its classification').choices(ENVIRONMENTS).default('unclassified'),
    )
    .addOption(jsonOption)
    .action(async (options: Output & { name: string; environment: (typeof ENVIRONMENTS)[number] }) => {
      const input = { name: options.name, environment: options.environment };
      const funder = await withRuntime(
        'cli',
        (rt) => rt.services.account.createFunder(operator, input),
        async (call) => ((await call('POST', '/ops/v1/funders', input)) as { funder: never }).funder,
      );
      print(options, { funder }, () => `Created funder ${(funder as { bank_id: string }).bank_id}`);
    });
  funders
    .command('classify <bank_id>')
    .addOption(
      new Option('--environment <env>', 'live, sandbox or unclassified')
        .choices(ENVIRONMENTS)
        .makeOptionMandatory(),
    )
    .addOption(jsonOption)
    .action(async (bankId: string, options: Output & { environment: (typeof ENVIRONMENTS)[number] }) => {
      const result = await withRuntime(
        'cli',
        (rt) => rt.services.account.classifyFunder(operator, bankId, options.environment),
        async (call) =>
          call('POST', `/ops/v1/funders/${bankId}/classify`, { environment: options.environment }) as never,
      );
      print(options, result, () => `Funder ${bankId} is now ${options.environment}.`);
    });

  const keys = cli.command('keys').description('issue, revoke and list API keys');
  keys
    .command('list')
    .option('--bank-id <bank_id>', 'only this funder')
    .addOption(jsonOption)
    .action(async (options: Output & { bankId?: string }) => {
      const list = await withRuntime(
        'cli',
        (rt) => rt.services.account.listKeys(options.bankId ?? null),
        async (call) =>
          (
            (await call('GET', `/ops/v1/keys${options.bankId ? `?bank_id=${options.bankId}` : ''}`)) as {
              keys: never;
            }
          ).keys,
      );
      print(
        options,
        { keys: list },
        () =>
          (
            list as {
              id: string;
              prefix: string;
              name: string;
              revoked_at: string | null;
              scopes: string[];
            }[]
          )
            .map(
              (k) =>
                `${k.id}  ${k.prefix}…  ${k.revoked_at ? 'revoked' : 'active '}  ${k.name}  [${k.scopes.join(' ')}]`,
            )
            .join('\n') || 'No keys.',
      );
    });
  keys
    .command('issue')
    .requiredOption('--bank-id <bank_id>', 'the funder the key belongs to')
    .requiredOption('--name <name>', 'a name for the key')
    .option('--scope <scope...>', `scopes (${SCOPES.join(', ')})`, [])
    .option('--expires-at <timestamp>', 'ISO 8601 date-time after which the key stops working')
    .option('--prospect <who>', 'whom a sandbox key is issued to')
    .option('--per-minute <n>', 'rate limit override per minute', (v) => Number.parseInt(v, 10))
    .option('--per-hour <n>', 'rate limit override per hour', (v) => Number.parseInt(v, 10))
    .addOption(jsonOption)
    .action(
      async (
        options: Output & {
          bankId: string;
          name: string;
          scope: string[];
          expiresAt?: string;
          prospect?: string;
          perMinute?: number;
          perHour?: number;
        },
      ) => {
        const unknown = options.scope.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
        if (options.scope.length === 0 || unknown.length > 0) {
          throw new CliError(
            options.scope.length === 0 ? 'scope_required' : 'scope_unknown',
            `${options.scope.length === 0 ? 'A key needs at least one scope' : `Unknown scope ${unknown.join(', ')}`}: give --scope with one or more of ${SCOPES.join(', ')}.`,
            { scopes: [...SCOPES] },
            EXIT_USAGE,
          );
        }
        const input = {
          bank_id: options.bankId,
          name: options.name,
          scopes: options.scope,
          expires_at: options.expiresAt ?? null,
          prospect: options.prospect ?? null,
          rate_limit:
            options.perMinute || options.perHour
              ? { per_minute: options.perMinute ?? null, per_hour: options.perHour ?? null }
              : null,
        };
        const issued = (await withRuntime(
          'cli',
          (rt) => rt.services.account.issueKey(operator, input),
          async (call) => call('POST', '/ops/v1/keys', input) as never,
        )) as { key: { id: string }; secret: string };
        print(options, issued, () =>
          [
            `Key ${issued.key.id} issued. Keep it now: it is never shown again.`,
            '',
            `  ${issued.secret}`,
          ].join('\n'),
        );
      },
    );
  keys
    .command('revoke <key_id>')
    .option('--reason <text>', 'why')
    .addOption(jsonOption)
    .action(async (keyId: string, options: Output & { reason?: string }) => {
      const result = await withRuntime(
        'cli',
        (rt) => rt.services.account.revokeKey(operator, keyId, options.reason ?? null),
        async (call) =>
          call('POST', `/ops/v1/keys/${keyId}/revoke`, { reason: options.reason ?? null }) as never,
      );
      print(options, result, () => `Key ${keyId} revoked.`);
    });

  cli
    .command('demo')
    .description('the demonstration plane')
    .command('reset')
    .addOption(jsonOption)
    .action(async (options: Output) => {
      const result = await withRuntime(
        'cli',
        (rt) => rt.services.demo.reset(operator),
        async (call) => call('POST', '/ops/v1/demo/reset') as never,
      );
      print(
        options,
        result,
        () => `Demonstration plane rebuilt for funder ${(result as { bank_id: string }).bank_id}.`,
      );
    });

  cli
    .command('evidence')
    .description('the evidence chain')
    .command('verify')
    .addOption(jsonOption)
    .action(async (options: Output) => {
      type Report = { ok: boolean; entries: number; days: number; first_broken: VerifyReport['firstBroken'] };
      const report = await withRuntime(
        'cli',
        async (rt): Promise<Report> => {
          const { firstBroken, ...rest } = await verifyEvidence(rt.db);
          return { ...rest, first_broken: firstBroken };
        },
        // A server holding the embedded database verifies it through its operations API.
        async (call) => (await call('GET', '/ops/v1/evidence/verify')) as Report,
      );
      print(options, report, () =>
        report.ok
          ? `Evidence chain intact: ${report.entries} entries over ${report.days} day(s).`
          : `Evidence chain BROKEN at entry ${report.first_broken!.seq} (${report.first_broken!.id}): ${report.first_broken!.reason}`,
      );
      if (!report.ok) process.exitCode = EXIT_FAILED;
    });

  return cli;
}

export async function main(argv: string[]): Promise<void> {
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
