import { beforeAll, describe, expect, it } from 'vitest';
import { startGiven } from '../../test/support/service.ts';
import type { Caller } from './caller.ts';
import { isUuid } from './ids.ts';
import { insertOutboxEvents, pruneOutboxEvents } from './outbox.ts';

const operator: Caller = { kind: 'operator', requestId: 't' };

interface StoredEvent {
  id: string;
  seq: string;
  funder_id: string;
  plane: string;
  type: string;
  api_version: string;
  payload: Record<string, unknown>;
  created_at: Date;
  dispatched_at: Date | null;
}

let funderId: string;
const { service } = startGiven();
beforeAll(async () => {
  funderId = (await service.given.funderAccount({ environment: 'live' })).bank_id;
});

async function eventsOfType(type: string): Promise<StoredEvent[]> {
  const { rows } = await service.db.query<StoredEvent>(
    'SELECT id, seq, funder_id, plane, type, api_version, payload, created_at, dispatched_at FROM outbox_events WHERE type = $1 ORDER BY seq',
    [type],
  );
  return rows;
}

describe('outbox events', () => {
  it('are written by a write with a unique id, the API revision and the time of the write', async () => {
    await service.runtime.services.write(operator, async (scope) => {
      scope.emit({ funderId, plane: 'live', type: 'test.created', data: { n: 1, amount: 1250.5 } });
      scope.emit({ funderId, plane: 'demo', type: 'test.created', data: { n: 2, nested: { ok: true } } });
    });
    await service.runtime.services.write(operator, async (scope) => {
      scope.emit({ funderId, plane: 'live', type: 'test.created', data: { n: 3 } });
    });
    const events = await eventsOfType('test.created');
    expect(events.map((event) => [event.plane, event.payload])).toEqual([
      ['live', { n: 1, amount: 1250.5 }],
      ['demo', { n: 2, nested: { ok: true } }],
      ['live', { n: 3 }],
    ]);
    for (const event of events) {
      expect(isUuid(event.id)).toBe(true);
      expect(event).toMatchObject({ funder_id: funderId, api_version: '2026-09-23', dispatched_at: null });
      expect(event.created_at.getTime()).toBe(service.runtime.clock.now().getTime());
    }
    expect(new Set(events.map((event) => event.id)).size).toBe(3);
  });

  it('are given the ids that insertOutboxEvents answers, in the transaction it runs in', async () => {
    const at = service.runtime.clock.now();
    const ids = await service.db.transaction((tx) =>
      insertOutboxEvents(tx, at, [
        { funderId, plane: 'live', type: 'test.direct', data: { a: 1 } },
        { funderId, plane: 'live', type: 'test.direct', data: { a: 2 } },
      ]),
    );
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
    const events = await eventsOfType('test.direct');
    expect(events.map((event) => [event.id, event.payload])).toEqual([
      [ids[0], { a: 1 }],
      [ids[1], { a: 2 }],
    ]);
    expect(await service.db.transaction((tx) => insertOutboxEvents(tx, at, []))).toEqual([]);
  });

  it('exist only if the write commits', async () => {
    await expect(
      service.runtime.services.write(operator, async (scope) => {
        scope.emit({ funderId, plane: 'live', type: 'test.rolled_back', data: {} });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await expect(
      service.db.transaction(async (tx) => {
        await insertOutboxEvents(tx, service.runtime.clock.now(), [
          { funderId, plane: 'live', type: 'test.rolled_back', data: {} },
        ]);
        throw new Error('refused after the insert');
      }),
    ).rejects.toThrow('refused after the insert');
    expect(await eventsOfType('test.rolled_back')).toEqual([]);
  });

  it('take part in the outcome of the write: one bad event takes the others back with it', async () => {
    await expect(
      service.runtime.services.write(operator, async (scope) => {
        scope.emit({ funderId, plane: 'live', type: 'test.partial', data: {} });
        // Planes are live or demo only: the whole insert, and the write, fail.
        scope.emit({ funderId, plane: 'elsewhere' as 'live', type: 'test.partial', data: {} });
      }),
    ).rejects.toThrow();
    expect(await eventsOfType('test.partial')).toEqual([]);
  });

  it('are pruned 30 days after they were made, once fanned out, and not before', async () => {
    await service.runtime.services.write(operator, async (scope) => {
      scope.emit({ funderId, plane: 'live', type: 'test.pruned', data: { n: 1 } });
      scope.emit({ funderId, plane: 'live', type: 'test.pruned', data: { n: 2 } });
    });
    const [made] = await eventsOfType('test.pruned');
    const born = made!.created_at.getTime();
    const day = 24 * 3600_000;
    // Fanned out: only the first.
    await service.db.query('UPDATE outbox_events SET dispatched_at = created_at WHERE id = $1', [made!.id]);
    await pruneOutboxEvents(service.db, new Date(born + 30 * day));
    expect(await eventsOfType('test.pruned')).toHaveLength(2);
    await pruneOutboxEvents(service.db, new Date(born + 30 * day + 1000));
    const left = await eventsOfType('test.pruned');
    expect(left.map((event) => event.payload)).toEqual([{ n: 2 }]);
  });
});
