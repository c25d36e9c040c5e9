import { describe, expect, it } from 'vitest';
import { expectOk } from '../../../test/support/errors.ts';
import { eventsOfType } from '../../../test/support/events.ts';
import { startGiven } from '../../../test/support/service.ts';
import { csvStatement } from '../../../test/support/statement-files.ts';
import { madridDate } from '../../platform/clock.ts';

/**
 * An import is an event (docs/decisions/statements.md, "An import is an event"):
 * `statement.imported` carries the statement as the POST answered it, for every live key of the
 * funder; a file refused is no event.
 */
const { service } = startGiven();

describe('statement.imported', () => {
  it('carries the StatementResult the POST answered, read by another live key; a repeated file emits nothing', async () => {
    const funder = await service.given.funderWithKey();
    const reader = (await service.given.key({ bankId: funder.bankId })).secret;
    const today = madridDate(service.runtime.clock.now());
    const file = csvStatement('meseta_es', [
      { date: today, cents: 125_000, text: 'TRANSFER FROM A CUSTOMER', counterparty: 'Cliente SA' },
      { date: today, cents: -4_000, text: 'BANK FEES' },
    ]);
    const send = () =>
      service.call<Record<string, unknown>>(funder.key, 'POST', '/v1/statements', {
        payload: file,
        headers: { 'content-type': 'text/csv' },
      });
    const answer = expectOk(await send(), 'import');
    const events = await eventsOfType(service, reader, 'statement.imported');
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual({ statement: answer });
    expect(answer).toMatchObject({ line_count: 2, kind: 'csv' });

    expect((await send()).status).toBe(409);
    expect(await eventsOfType(service, reader, 'statement.imported')).toHaveLength(1);
  });
});
