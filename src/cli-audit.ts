import { type Command, InvalidArgumentError } from 'commander';
import type { AuditQuery } from './areas/ops/ops.module.ts';
import type { AuditPageAnswer } from './cli-commands.ts';
import { jsonOption, type Output, print, withCommands } from './cli-runtime.ts';

type AuditOptions = Output &
  Omit<AuditQuery, 'limit'> & {
    limit?: number;
    all?: boolean;
  };

const pageSize = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 200) throw new InvalidArgumentError('1 to 200.');
  return n;
};

/** Who acted, in a few words: the operator's name, or the funder's key. */
function actorText(actor: Record<string, string>): string {
  if (actor.kind === 'operator') return `operator ${actor.operator ?? '(unnamed)'}`;
  if (actor.kind === 'funder_key') return `key ${actor.key_id}`;
  return actor.kind ?? 'unknown';
}

function entryLine(e: AuditPageAnswer['entries'][number]): string {
  const subject = e.subject_type ? `${e.subject_type} ${e.subject_id ?? ''}`.trim() : '';
  return [
    String(e.seq).padStart(7),
    e.recorded_at,
    actorText(e.actor).padEnd(30),
    e.kind.padEnd(28),
    e.bank_id ? `funder ${e.bank_id}` : 'no funder'.padEnd(43),
    subject,
  ].join('  ');
}

/**
 * `audit`: what operators and funders' keys did, from the evidence chain, filtered as
 * GET /ops/v1/audit is. On the embedded database held by a running server it goes through its
 * operations API. `--all` follows the pages to the end of the chain.
 */
export function addAuditCommand(cli: Command): void {
  cli
    .command('audit')
    .description("list the evidence chain's operator and funder actions, oldest first")
    .option('--operator <name>', "one operator's actions (bootstrap, cli or a named operator)")
    .option('--funder <bank_id>', 'actions about one funder (its bank id)')
    .option('--kind <kind>', 'one kind of entry, such as api_key.issued or operator.revoked')
    .option('--since <date-time>', 'recorded at or after this instant')
    .option('--until <date-time>', 'recorded before this instant')
    .option('--limit <n>', 'entries per page, 1 to 200 (default 50)', pageSize)
    .option('--cursor <cursor>', 'the next_cursor of a previous page')
    .option('--all', 'every page to the end, not only the first')
    .addOption(jsonOption)
    .action(async (options: AuditOptions) => {
      const query: AuditQuery = {};
      for (const name of ['operator', 'funder', 'kind', 'since', 'until', 'cursor', 'limit'] as const) {
        if (options[name] !== undefined) Object.assign(query, { [name]: options[name] });
      }
      const result = await withCommands((ops) => walk(query, options.all === true, ops.auditPage));
      print(options, result, () =>
        [
          ...result.entries.map(entryLine),
          result.entries.length === 0 ? 'No entries.' : `${result.entries.length} entr(y/ies).`,
          ...(result.has_more ? [`More: --cursor ${result.next_cursor}`] : []),
        ].join('\n'),
      );
    });
}

/** The first page, or with `all` every page until the last (the chain is finite: it ends). */
async function walk(
  query: AuditQuery,
  all: boolean,
  page: (query: AuditQuery) => Promise<AuditPageAnswer>,
): Promise<AuditPageAnswer> {
  let current = await page(query);
  if (!all) return current;
  const entries = [...current.entries];
  while (current.has_more && current.next_cursor !== null) {
    current = await page({ ...query, cursor: current.next_cursor });
    entries.push(...current.entries);
  }
  return { entries, has_more: false, next_cursor: null };
}
