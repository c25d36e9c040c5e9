import pg from 'pg';
import type { Logger } from 'pino';
import { CLOCK_CHANNEL } from '../../platform/clock.ts';
import { OUTBOX_CHANNEL } from '../../platform/outbox.ts';

/**
 * The dispatcher's ear on PostgreSQL: a connection of its own that LISTENs for commits (and for
 * moves of the manual clock), calling `onCommit` on each, while the dispatcher is `running`.
 */
export function createCommitListener(deps: {
  databaseUrl: string;
  logger: Logger;
  onCommit: () => void;
  running: () => boolean;
}) {
  let listener: pg.Client | null = null;

  /**
   * A connection of its own that LISTENs for commits. When it drops, another is opened a second
   * later, and a cycle runs at once in case a notification was lost meanwhile.
   */
  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: deps.databaseUrl });
    listener = client;
    let lost = false;
    const reopen = (err?: Error) => {
      if (lost) return;
      lost = true;
      client.end().catch(() => undefined);
      if (!deps.running() || listener !== client) return;
      deps.logger.warn({ err: err?.message }, 'webhook LISTEN connection lost; reopening');
      setTimeout(() => {
        if (!deps.running()) return;
        listen().then(deps.onCommit, (failed: Error) =>
          deps.logger.warn({ err: failed.message }, 'webhook LISTEN not reopened; the safety wake stands in'),
        );
      }, 1000).unref();
    };
    client.on('notification', deps.onCommit);
    client.on('error', reopen);
    client.on('end', () => reopen());
    await client.connect();
    await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
    // A move of the manual clock may make a retry due: it wakes the dispatcher like a commit.
    await client.query(`LISTEN ${CLOCK_CHANNEL}`);
  }

  return {
    listen,
    /** Closes the connection; a drop after this opens no other. */
    async close(): Promise<void> {
      const closing = listener;
      listener = null;
      await closing?.end().catch(() => undefined);
    },
  };
}
