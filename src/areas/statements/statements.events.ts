import { defineEvents, Open } from '../../platform/events.ts';
import recorded from './statements.events.json' with { type: 'json' };
import { StatementResult } from './statements.schemas.ts';

export const STATEMENT_IMPORTED = 'statement.imported';

/** The statements' event: an import finished (docs/decisions/statements.md, "An import is an event"). */
export const statementsEvents = defineEvents(
  { file: new URL('./statements.events.json', import.meta.url), recorded },
  [
    {
      type: STATEMENT_IMPORTED,
      emitted: true,
      description:
        'A bank statement was imported: its lines are kept and the payments among them matched against your funded requests (nothing is settled until a line is confirmed).',
      summary: 'A bank statement was imported',
      carries:
        'the statement as `POST /v1/statements` answers it (`statement`): its figures and every line with its proposed match.',
      data: Open({ statement: StatementResult }),
    },
  ],
);
