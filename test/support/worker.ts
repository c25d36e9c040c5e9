import type { TestService } from './service.ts';

/** Runs the worker until nothing is due (at most 100 batches: a job due again at once stops it). */
export async function drainJobs(service: Pick<TestService, 'runtime'>): Promise<void> {
  const worker = service.runtime.createWorker();
  for (let i = 0; i < 100 && (await worker.runOnce()) > 0; i++);
}

/**
 * The worker as it runs in production, once: the recurring jobs scheduled (they are when a worker
 * starts), then every job due at the clock's now, batch after batch.
 */
export async function runDueJobs(service: Pick<TestService, 'runtime'>): Promise<void> {
  await service.runtime.scheduleMaintenance();
  await drainJobs(service);
}
