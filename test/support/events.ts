import { expect } from 'vitest';
import type { TestService } from './service.ts';

/** One event as `GET /v1/events` lists it. */
export interface ListedEvent<Data = Record<string, unknown>> {
  id: string;
  type: string;
  created_at: string;
  api_version: string;
  data: Data;
}

/**
 * The events of one type a key reads on `GET /v1/events`, oldest first (one page of up to 200:
 * the tests that use it make fewer).
 */
export async function eventsOfType<Data = Record<string, unknown>>(
  service: TestService,
  key: string,
  type: string,
): Promise<ListedEvent<Data>[]> {
  const answer = await service.call<{ events: ListedEvent<Data>[] }>(
    key,
    'GET',
    `/v1/events?type=${encodeURIComponent(type)}&limit=200`,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.events.length).toBeLessThan(200);
  return answer.body.events;
}
