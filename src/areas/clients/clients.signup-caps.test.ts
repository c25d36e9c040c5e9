import { describe, expect, it } from 'vitest';
import { clientsGiven, type Link } from '../../../test/support/clients-given.ts';
import { moveClockToMadrid } from '../../../test/support/clock.ts';
import { expectError } from '../../../test/support/errors.ts';
import { startGiven } from '../../../test/support/service.ts';

/*
 * The sign-up caps of a client link are rolling windows: at most 20 sign-ups in any 60 minutes
 * and 100 in any 24 hours, the window `claims_last_day` reports. The manual clock walks them
 * across Madrid's midnight (23:00 UTC in November) and UTC's.
 */

const { service, given } = startGiven();
const clients = clientsGiven(service);

async function newLink() {
  const funder = await given.funder();
  const made = await clients.newLink(funder);
  expect(made.status).toBe(201);
  const link = made.body.client_link;
  const read = async (): Promise<Link> => {
    const links = await service.call<{ client_links: Link[] }>(funder.key, 'GET', '/v1/client-links');
    return links.body.client_links.find((l) => l.id === link.id)!;
  };
  return { link, read };
}

/** `count` sign-ups through the link, each answered 201. */
async function signUps(linkId: string, count: number) {
  for (let i = 0; i < count; i++) {
    const answer = await clients.arrive(linkId, clients.company());
    expect({ i, status: answer.status, body: answer.status === 201 ? null : answer.body }).toEqual({
      i,
      status: 201,
      body: null,
    });
  }
}

const refused = async (linkId: string) =>
  expectError(await clients.arrive(linkId, clients.company()), 429, 'signup_limit');

const MINUTE = 60;
const HOUR = 3600;

describe('the day cap: 100 sign-ups in any 24 hours', () => {
  it('refuses the 101st within 24 hours of the first, across both midnights, and takes one once the first leave the window', async () => {
    const { link, read } = await newLink();
    // 23:10 in Madrid (22:10 UTC): 20 sign-ups an hour for five hours, over Madrid's midnight
    // (23:00 UTC) and UTC's.
    await moveClockToMadrid(service, '2026-11-23', '23:10');
    for (let hour = 0; hour < 5; hour++) {
      await signUps(link.id, 20);
      await service.advanceClock(HOUR);
    }
    // 03:10 UTC: the UTC day so far holds only 60 of them; the last 24 hours hold all 100.
    expect(await read()).toMatchObject({ arrivals: 100, claims_last_day: 100 });
    const day = await refused(link.id);
    // The first 20 leave the window 24 hours after they came: at 22:10 UTC, 19 hours from now.
    expect(day).toMatchObject({ limit: 100, window_seconds: 86_400, retry_after_seconds: 19 * HOUR });
    // Still refused a second before they leave.
    await service.advanceClock(19 * HOUR - 1);
    expect(await refused(link.id)).toMatchObject({ window_seconds: 86_400, retry_after_seconds: 1 });
    expect((await read()).claims_last_day).toBe(100);
    await service.advanceClock(1);
    expect((await read()).claims_last_day).toBe(80);
    await signUps(link.id, 1);
    expect(await read()).toMatchObject({ arrivals: 101, claims_last_day: 81 });
  });
});

describe('the hour cap: 20 sign-ups in any 60 minutes', () => {
  it('refuses the 21st within 60 minutes of the first, across the Madrid midnight, then rolls', async () => {
    const { link, read } = await newLink();
    // 23:40 in Madrid: 10 sign-ups, then 10 more 30 minutes later, after midnight and in
    // another clock hour.
    await moveClockToMadrid(service, '2026-11-26', '23:40');
    await signUps(link.id, 10);
    await service.advanceClock(30 * MINUTE);
    await signUps(link.id, 10);
    const hour = await refused(link.id);
    expect(hour).toMatchObject({ limit: 20, window_seconds: HOUR, retry_after_seconds: 30 * MINUTE });
    // 59 minutes after the first ten: still 20 in the last 60 minutes.
    await service.advanceClock(29 * MINUTE);
    expect(await refused(link.id)).toMatchObject({ window_seconds: HOUR, retry_after_seconds: MINUTE });
    // Sixty minutes after the first ten they leave the hour: ten places, no more.
    await service.advanceClock(MINUTE);
    await signUps(link.id, 10);
    expect(await refused(link.id)).toMatchObject({ window_seconds: HOUR, retry_after_seconds: 30 * MINUTE });
    expect(await read()).toMatchObject({ arrivals: 30, claims_last_day: 30 });
  });

  it('refuses the 21st within 60 minutes across the UTC midnight; a refused sign-up uses up nothing, and other links are not held back', async () => {
    const { link, read } = await newLink();
    const other = await newLink();
    // 00:50 in Madrid is 23:50 UTC: 20 sign-ups there, refused ones 20 minutes later (after
    // UTC midnight).
    await moveClockToMadrid(service, '2026-11-29', '00:50');
    await signUps(link.id, 20);
    await service.advanceClock(20 * MINUTE);
    for (let i = 0; i < 3; i++) {
      expect(await refused(link.id)).toMatchObject({
        window_seconds: HOUR,
        retry_after_seconds: 40 * MINUTE,
      });
    }
    await signUps(other.link.id, 1);
    expect(await read()).toMatchObject({ arrivals: 20, claims_last_day: 20 });
    await service.advanceClock(40 * MINUTE);
    await signUps(link.id, 20);
    expect(await read()).toMatchObject({ arrivals: 40, claims_last_day: 40 });
  });
});
