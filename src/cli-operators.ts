import type { Command } from 'commander';
import { OPERATOR_NAME, type OperatorView } from './areas/account/account.module.ts';
import { CliError, EXIT_USAGE } from './cli-output.ts';
import { jsonOption, type Output, operator, print, withRuntime } from './cli-runtime.ts';

const nameOption = [
  '--name <name>',
  'the operator: lower case letters, digits, dots, dashes, underscores',
] as const;

/** A name the table would refuse is refused here first, in words (as the API's schema does). */
function checkedName(name: string): string {
  if (!new RegExp(OPERATOR_NAME).test(name)) {
    throw new CliError(
      'name_invalid',
      '--name: lower case letters, digits, dots, dashes and underscores, starting with a letter or digit, at most 63.',
      { options: ['name'] },
      EXIT_USAGE,
    );
  }
  return name;
}

/** One line per operator: name, prefix, state, dates. Never a token. */
function operatorLine(o: OperatorView): string {
  const state = o.revoked_at ? `revoked ${o.revoked_at}` : 'in force';
  return `${o.name.padEnd(24)} ${o.prefix}…  ${state.padEnd(33)} created ${o.created_at}  last used ${o.last_used_at ?? 'never'}`;
}

/**
 * `operators issue|revoke|list`: the named operators of the operations API. On the embedded
 * database held by a running server they go through its operations API, like `keys issue`.
 */
export function addOperatorCommands(cli: Command): void {
  const operators = cli
    .command('operators')
    .description('issue, revoke and list named operator tokens for the operations API');
  operators
    .command('issue')
    .requiredOption(...nameOption)
    .addOption(jsonOption)
    .action(async (options: Output & { name: string }) => {
      checkedName(options.name);
      const issued = (await withRuntime(
        'cli',
        (rt) => rt.services.account.issueOperator(operator, options.name),
        async (call) => call('POST', '/ops/v1/operators', { name: options.name }) as never,
      )) as { operator: OperatorView; token: string };
      print(options, issued, () =>
        [
          `Operator ${issued.operator.name} issued. Keep the token now: it is never shown again.`,
          '',
          `  ${issued.token}`,
        ].join('\n'),
      );
    });
  operators
    .command('revoke')
    .requiredOption(...nameOption)
    .addOption(jsonOption)
    .action(async (options: Output & { name: string }) => {
      checkedName(options.name);
      const revoked = await withRuntime(
        'cli',
        (rt) => rt.services.account.revokeOperator(operator, options.name),
        async (call) =>
          (
            (await call('POST', `/ops/v1/operators/${encodeURIComponent(options.name)}/revoke`)) as {
              operator: OperatorView;
            }
          ).operator,
      );
      print(
        options,
        { operator: revoked },
        () => `Operator ${revoked.name} revoked: its token is refused from now on.`,
      );
    });
  operators
    .command('list')
    .addOption(jsonOption)
    .action(async (options: Output) => {
      const list = await withRuntime(
        'cli',
        (rt) => rt.services.account.listOperators(),
        async (call) => ((await call('GET', '/ops/v1/operators')) as { operators: OperatorView[] }).operators,
      );
      print(options, { operators: list }, () =>
        [
          'bootstrap (OPS_TOKEN, or the token kept in the data directory) is always in force.',
          ...list.map(operatorLine),
        ].join('\n'),
      );
    });
}
