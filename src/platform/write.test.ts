import { describe, expect, it } from 'vitest';
import { startGiven } from '../../test/support/service.ts';
import type { FunderCaller } from './caller.ts';
import { OPERATOR, runAs } from './db/actor.ts';
import { runAsOneWrite as rebuildAsOne } from './write.ts';

// The demonstration builder runs as the operator, the role that may cross funders (migration 0020).
const runAsOneWrite: typeof rebuildAsOne = (deps, plane, work) =>
  runAs(OPERATOR, () => rebuildAsOne(deps, plane, work));

const { service } = startGiven();

const operator = { kind: 'operator' as const, requestId: 'write-test' };
const stateOf = async (name: string) =>
  (await service.db.query('SELECT 1 FROM service_state WHERE name = $1', [name])).rowCount;

describe('a rebuild: many writes committed as one', () => {
  it('lets every write inside it join its transaction at the instant of the step being replayed', async () => {
    const { write } = service.runtime.services;
    const now = service.runtime.clock.now();
    const past = new Date(now.getTime() - 40 * 86_400_000);
    const seen = await runAsOneWrite(service.runtime, 'demo', async (control) => {
      control.playAt(past);
      const first = await write(operator, async ({ tx, now: at }) => {
        await tx.query(`INSERT INTO service_state (name, value, updated_at) VALUES ('rebuild-a', '{}', $1)`, [
          at,
        ]);
        return at;
      });
      // A later instant than the real now is played at the real now.
      control.playAt(new Date(now.getTime() + 86_400_000));
      const second = await write(operator, async ({ now: at }) => at);
      return [first, second];
    });
    expect(seen).toEqual([past, now]);
    expect(await stateOf('rebuild-a')).toBe(1);
  });

  it('commits nothing when a step fails, not even the writes that succeeded before it', async () => {
    const { write } = service.runtime.services;
    await expect(
      runAsOneWrite(service.runtime, 'demo', async () => {
        await write(operator, ({ tx }) =>
          tx.query(`INSERT INTO service_state (name, value, updated_at) VALUES ('rebuild-b', '{}', now())`),
        );
        await write(operator, async () => {
          throw new Error('refused');
        });
      }),
    ).rejects.toThrow('refused');
    expect(await stateOf('rebuild-b')).toBe(0);
  });

  it('undoes only a refused write when the rebuild goes on without it', async () => {
    const { write } = service.runtime.services;
    await runAsOneWrite(service.runtime, 'demo', async () => {
      await write(operator, async ({ tx }) => {
        await tx.query(
          `INSERT INTO service_state (name, value, updated_at) VALUES ('rebuild-c', '{}', now())`,
        );
        throw new Error('refused');
      }).catch(() => undefined);
      await write(operator, ({ tx }) =>
        tx.query(`INSERT INTO service_state (name, value, updated_at) VALUES ('rebuild-d', '{}', now())`),
      );
    });
    expect([await stateOf('rebuild-c'), await stateOf('rebuild-d')]).toEqual([0, 1]);
  });

  it('refuses a write of a live funder inside a demonstration rebuild', async () => {
    const { write } = service.runtime.services;
    const live = { kind: 'funder', plane: 'live', funderId: 'x' } as unknown as FunderCaller;
    await expect(
      runAsOneWrite(service.runtime, 'demo', () => write(live, async () => 'written')),
    ).rejects.toThrow(/cannot carry a write of the live plane/);
  });
});
