import { type Command, Option } from 'commander';
import { OPERATOR_NAME, type OperatorView } from './areas/account/account.module.ts';
import { CliError, EXIT_USAGE } from './cli-output.ts';
import { jsonOption, type Output, print, withCommands } from './cli-runtime.ts';
import { OPERATOR_ROLES, type OperatorRole } from './platform/operator-roles.ts';

const nameOption = [
  '--name <name>',
  'the operator: lower case letters, digits, dots, dashes, underscores',
] as const;

const roleOption = new Option(
  '--role <role>',
  'what the token may do: auditor (reads), support (reads, the other parties, demonstrations) or admin (everything)',
)
  .choices(OPERATOR_ROLES)
  .makeOptionMandatory();

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

/** One line per operator: name, role, prefix, state, issuer, dates. Never a token. */
function operatorLine(o: OperatorView): string {
  const state = o.revoked_at ? `revoked ${o.revoked_at}` : 'in force';
  return [
    o.name.padEnd(24),
    o.role.padEnd(8),
    `${o.prefix}…`,
    state.padEnd(33),
    `issued by ${(o.issued_by ?? 'unknown').padEnd(16)}`,
    `created ${o.created_at}`,
    `last used ${o.last_used_at ?? 'never'}`,
  ].join('  ');
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
    .addOption(roleOption)
    .addOption(jsonOption)
    .action(async (options: Output & { name: string; role: OperatorRole }) => {
      checkedName(options.name);
      const body = { name: options.name, role: options.role };
      const issued = await withCommands((ops) => ops.issueOperator(body));
      print(options, issued, () =>
        [
          `Operator ${issued.operator.name} (${issued.operator.role}) issued. Keep the token now: it is never shown again.`,
          '',
          `  ${issued.token}`,
        ].join('\n'),
      );
    });
  operators
    .command('revoke')
    .description('revoke an operator and every operator issued down its line (API keys it issued stay)')
    .requiredOption(...nameOption)
    .addOption(jsonOption)
    .action(async (options: Output & { name: string }) => {
      checkedName(options.name);
      const done = await withCommands((ops) => ops.revokeOperator(options.name));
      print(options, done, () =>
        [
          `Operator ${done.operator.name} revoked: its token is refused from now on.`,
          done.revoked.length === 0
            ? 'It had issued no operator in force.'
            : `Revoked with it, as issued down its line (${done.revoked.length}):`,
          ...done.revoked.map((o) => `  ${o.name} (${o.role}, issued by ${o.issued_by ?? 'unknown'})`),
        ].join('\n'),
      );
    });
  operators
    .command('list')
    .addOption(jsonOption)
    .action(async (options: Output) => {
      const { operators: list } = await withCommands((ops) => ops.listOperators());
      print(options, { operators: list }, () =>
        [
          'bootstrap (OPS_TOKEN, or the token kept in the data directory) is always in force, as admin.',
          ...list.map(operatorLine),
        ].join('\n'),
      );
    });
}
