import { expect, it } from 'vitest';
import { demoFootprint } from './support/demo-template.ts';
import { startGiven, startService, type TestService } from './support/service.ts';

/*
 * The demonstration plane most files start on is a copy of one the global set-up built
 * (support/demo-template.ts): it must hold what a reset of the file's own would have left.
 */

const prebuilt = startGiven({ demoPlane: true });

/** The requests a sandbox key lists, ids aside: they are the only thing two resets make differently. */
async function requestsOf(service: Pick<TestService, 'call'>, key: string): Promise<string> {
  const answer = await service.call(key, 'GET', '/v1/requests?status=all&limit=200');
  expect(answer.status).toBe(200);
  return JSON.stringify(answer.body).replace(
    /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g,
    '<id>',
  );
}

it('holds what a reset at the same instant leaves: the same rows per table, the same requests', async () => {
  const fromTemplate = await prebuilt.given.demoFunder();
  const built = await startService();
  try {
    // A service on a fresh database, its clock at the same start, resetting its own plane.
    const own = await built.given.demoFunder();
    expect(await demoFootprint(prebuilt.service.db)).toEqual(await demoFootprint(built.db));
    expect(await requestsOf(prebuilt.service, fromTemplate.key)).toEqual(await requestsOf(built, own.key));
  } finally {
    await built.close();
  }
}, 300_000);
