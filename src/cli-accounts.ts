import { type Command, Option } from 'commander';
import { ENVIRONMENTS } from './areas/account/account.module.ts';
import { CliError, EXIT_USAGE } from './cli-output.ts';
import { jsonOption, type Output, print, withCommands } from './cli-runtime.ts';
import { SCOPES } from './platform/http/scopes.ts';

/** `funders list|create|classify`: the funders, as the operations team manages them. */
export function addFunderCommands(cli: Command): void {
  const funders = cli.command('funders').description('create, classify and list funders');
  funders
    .command('list')
    .addOption(jsonOption)
    .action(async (options: Output) => {
      const { funders: list } = await withCommands((ops) => ops.listFunders());
      print(
        options,
        { funders: list },
        () =>
          list
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
      const { funder } = await withCommands((ops) => ops.createFunder(input));
      print(options, { funder }, () => `Created funder ${funder.bank_id}`);
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
      const { funder, changed } = await withCommands((ops) =>
        ops.classifyFunder(bankId, options.environment),
      );
      // Printed as the funder with `changed` beside its fields, whichever way it was served.
      print(options, { ...funder, changed }, () => `Funder ${bankId} is now ${options.environment}.`);
    });
}

/** `keys list|issue|revoke`: the funders' API keys. */
export function addKeyCommands(cli: Command): void {
  const keys = cli.command('keys').description('issue, revoke and list API keys');
  keys
    .command('list')
    .option('--bank-id <bank_id>', 'only this funder')
    .addOption(jsonOption)
    .action(async (options: Output & { bankId?: string }) => {
      const { keys: list } = await withCommands((ops) => ops.listKeys(options.bankId ?? null));
      print(
        options,
        { keys: list },
        () =>
          list
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
        const issued = await withCommands((ops) => ops.issueKey(input));
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
      const { key, changed } = await withCommands((ops) => ops.revokeKey(keyId, options.reason ?? null));
      // Printed as the key with `changed` beside its fields, whichever way it was served.
      print(options, { ...key, changed }, () => `Key ${keyId} revoked.`);
    });
}
