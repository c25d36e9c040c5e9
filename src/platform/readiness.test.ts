import { describe, expect, it } from 'vitest';
import { createReadiness } from './readiness.ts';

describe('readiness', () => {
  it('answers a check that never settles as failing, within its bound, and the others as they are', async () => {
    const readiness = createReadiness(
      [
        { name: 'database', run: () => Promise.resolve() },
        { name: 'redis', run: () => new Promise<void>(() => undefined) },
        { name: 'migrations', run: () => Promise.reject(new Error('behind')) },
      ],
      { timeoutMs: 50 },
    );
    expect(await readiness.check()).toEqual({
      ready: false,
      checks: [
        { name: 'database', status: 'ok' },
        { name: 'redis', status: 'failing' },
        { name: 'migrations', status: 'failing' },
      ],
    });
  });

  it('reports an optional check that fails (or never settles) as degraded, and stays ready for it', async () => {
    const readiness = createReadiness(
      [
        { name: 'database', run: () => Promise.resolve() },
        { name: 'redis', run: () => new Promise<void>(() => undefined), optional: true },
        { name: 'cache', run: () => Promise.reject(new Error('gone')), optional: true },
      ],
      { timeoutMs: 50 },
    );
    expect(await readiness.check()).toEqual({
      ready: true,
      checks: [
        { name: 'database', status: 'ok' },
        { name: 'redis', status: 'degraded' },
        { name: 'cache', status: 'degraded' },
      ],
    });
    // A required check failing beside it still makes the process not ready.
    const withDatabaseDown = createReadiness(
      [
        { name: 'database', run: () => Promise.reject(new Error('down')) },
        { name: 'redis', run: () => Promise.reject(new Error('down')), optional: true },
      ],
      { timeoutMs: 50 },
    );
    expect(await withDatabaseDown.check()).toEqual({
      ready: false,
      checks: [
        { name: 'database', status: 'failing' },
        { name: 'redis', status: 'degraded' },
      ],
    });
  });

  it('answers not ready once draining, whatever the checks say', async () => {
    const readiness = createReadiness([{ name: 'database', run: () => Promise.resolve() }]);
    expect((await readiness.check()).ready).toBe(true);
    readiness.drain();
    expect(readiness.draining).toBe(true);
    expect(await readiness.check()).toEqual({
      ready: false,
      checks: [
        { name: 'database', status: 'ok' },
        { name: 'draining', status: 'failing' },
      ],
    });
  });
});
