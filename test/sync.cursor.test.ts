import { describe, expect, it } from 'vitest';
import { insertOutboxEvents } from '../src/platform/outbox.ts';
import { startGiven } from './support/service.ts';

/**
 * The event cursor (issue 43, docs/decisions/webhooks.md, "The event cursor"): a reader follows
 * GET /v1/events while several writers commit events for two funders, some of them waiting
 * inside their transaction after their events are written, so that commits come in another
 * order than the inserts. The reader must see its own funder's events only, each once, in a run
 * of cursors without a hole: an event it passed over is never one that committed later.
 */

interface Seen {
  id: string;
  cursor: string;
  data: { writer: number; n: number };
}

/** A fixed sequence of pauses, so that every run interleaves the writers the same way. */
const PAUSES_MS = [0, 35, 5, 60, 0, 15, 45, 0, 25, 10];

const { service } = startGiven();

describe('the event cursor', () => {
  it('counts one funder’s events only and never skips one that commits after a later one', async () => {
    // The reader's calls are bounded by its loops (2,101 at most), and how many it makes depends
    // on how fast the writers commit: its key's limits are above that bound, never met.
    const mine = await service.given.funderWithKey({
      environment: 'live',
      perMinute: 10_000,
      perHour: 10_000,
    });
    const other = await service.given.funderWithKey({ environment: 'live' });
    const WRITERS = 4;
    const WRITES = 10;

    // Each write: two events of the reader's funder and one of another, then (sometimes) a
    // pause inside the transaction before it commits.
    const writer = async (w: number) => {
      for (let i = 0; i < WRITES; i++) {
        await service.db.transaction(async (tx) => {
          await insertOutboxEvents(tx, service.runtime.clock.now(), [
            { funderId: mine.bankId, plane: 'live', type: 'test.synced', data: { writer: w, n: 2 * i } },
            { funderId: other.bankId, plane: 'live', type: 'test.synced', data: { writer: w, n: i } },
            { funderId: mine.bankId, plane: 'live', type: 'test.synced', data: { writer: w, n: 2 * i + 1 } },
          ]);
          const pause = PAUSES_MS[(w * WRITES + i) % PAUSES_MS.length]!;
          if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
        });
      }
    };

    const seen: Seen[] = [];
    const holes: string[] = [];
    let cursor: string | null = null;
    let writing = true;
    const readPage = async () => {
      const query = new URLSearchParams({ limit: '7' });
      if (cursor) query.set('after', cursor);
      const answer = await service.call<{ events: Seen[]; poll_cursor: string | null; has_more: boolean }>(
        mine.key,
        'GET',
        `/v1/events?${query}`,
      );
      expect(answer.status).toBe(200);
      for (const event of answer.body.events) {
        const expected = `e${seen.length + 1}`;
        if (event.cursor !== expected) holes.push(`${expected} expected, ${event.cursor} came`);
        seen.push(event);
      }
      cursor = answer.body.poll_cursor;
      return answer.body;
    };
    // The reader follows the log while the writers write (bounded: it stops once they are done).
    const reader = (async () => {
      for (let round = 0; round < 2000 && writing; round++) {
        const page = await readPage();
        if (!page.has_more) await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    writing = false;
    await reader;
    // Then to the end of the log.
    for (let round = 0; round < 100; round++) {
      const page = await readPage();
      if (!page.has_more && page.events.length === 0) break;
    }

    const written = WRITERS * WRITES * 2;
    expect(holes).toEqual([]);
    expect(seen).toHaveLength(written);
    expect(new Set(seen.map((event) => event.id)).size).toBe(written);
    // Every event of each writer, in the order that writer wrote them.
    for (let w = 0; w < WRITERS; w++) {
      const ofWriter = seen.filter((event) => event.data.writer === w).map((event) => event.data.n);
      expect(ofWriter).toEqual(Array.from({ length: WRITES * 2 }, (_, n) => n));
    }
    // The other funder's log counts its own events from 1: the cursors tell nothing of the reader's.
    const theirs = await service.call<{ events: Seen[] }>(other.key, 'GET', '/v1/events?limit=200');
    expect(theirs.body.events.map((event) => event.cursor)).toEqual(
      Array.from({ length: WRITERS * WRITES }, (_, i) => `e${i + 1}`),
    );
  }, 120_000);

  it('refuses a cursor that is not one, and two different ones at once', async () => {
    const { key } = await service.given.funderWithKey({ environment: 'live' });
    for (const query of ['after=x12', 'cursor=e', 'after=e1&cursor=e2']) {
      const answer = await service.call<{ error: { code: string } }>(key, 'GET', `/v1/events?${query}`);
      expect(answer.status, query).toBe(422);
      expect(answer.body.error.code, query).toBe('cursor_invalid');
    }
    const same = await service.call<{ has_more: boolean }>(key, 'GET', '/v1/events?after=e1&cursor=e1');
    expect(same.status).toBe(200);
  });
});
