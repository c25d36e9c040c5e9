import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RequestsGiven,
  type RoutedRequest,
  requestsGiven,
} from '../../../test/support/requests-fixtures.ts';
import { startService, type TestService } from '../../../test/support/service.ts';
import type { Caller, FunderScope } from '../../platform/caller.ts';
import { ApiError } from '../../platform/errors.ts';
import { readPolicy } from '../settings/settings.module.ts';
import { createRequestLifecycle, funderMover, OPERATIONS } from './requests.lifecycle.ts';
import { canMove, MOVE_NAMES, nextStatus, REQUEST_STATUSES, type RequestStatus } from './requests.status.ts';

let service: TestService;
let given: RequestsGiven;
let lifecycle: ReturnType<typeof createRequestLifecycle>;
const operator: Caller = { kind: 'operator', requestId: 'lifecycle-test' };

beforeAll(async () => {
  service = await startService();
  given = requestsGiven(service);
  lifecycle = createRequestLifecycle({ clock: service.runtime.clock, policy: readPolicy });
});
afterAll(async () => service?.close());

async function rowOf(id: string) {
  const { rows } = await service.db.query<{ status: RequestStatus; close_note: string | null }>(
    'SELECT status, close_note FROM funding_requests WHERE id = $1',
    [id],
  );
  return rows[0]!;
}

async function historyOf(id: string) {
  const { rows } = await service.db.query<{ from_status: string; to_status: string; trigger: string }>(
    'SELECT from_status, to_status, trigger FROM request_history WHERE request_id = $1 ORDER BY id',
    [id],
  );
  return rows;
}

async function evidenceCount(id: string) {
  const { rows } = await service.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM evidence_entries WHERE subject_id = $1::text',
    [id],
  );
  return rows[0]!.n;
}

const offerEvidence = { evidence: { kind: 'request.lifecycle_test', funderId: null } };

/** Puts the request in a status by hand: the fixture for walking the table, not a move. */
async function placeIn(id: string, status: RequestStatus) {
  await service.db.query('UPDATE funding_requests SET status = $2 WHERE id = $1', [id, status]);
}

describe('every change of status goes through the lifecycle', () => {
  let request: RoutedRequest;
  beforeAll(async () => {
    const funder = await given.funder();
    request = await given.routedRequest({ funder });
  });

  const pairs = REQUEST_STATUSES.flatMap((status) => MOVE_NAMES.map((move) => ({ status, move })));

  it('walks every pair of status and move: allowed moves write the status and a history line, the others answer invalid_state and change nothing', async () => {
    expect(pairs.length).toBe(REQUEST_STATUSES.length * MOVE_NAMES.length);
    for (const { status, move } of pairs) {
      await placeIn(request.id, status);
      const historyBefore = (await historyOf(request.id)).length;
      const evidenceBefore = await evidenceCount(request.id);
      const attempt = service.runtime.services.write(operator, (ws) =>
        lifecycle.transition(ws, OPERATIONS, request.id, move, {
          columns: { close_note: `${status}/${move}` },
          evidence: { kind: 'request.lifecycle_test', funderId: null, payload: { move } },
        }),
      );
      if (canMove(status, move)) {
        const moved = await attempt;
        const expected = nextStatus(status, move);
        expect({ status, move, to: moved.to }).toEqual({ status, move, to: expected });
        expect(await rowOf(request.id)).toEqual({ status: expected, close_note: `${status}/${move}` });
        const history = await historyOf(request.id);
        expect(history).toHaveLength(historyBefore + 1);
        expect(history.at(-1)).toEqual({ from_status: status, to_status: expected, trigger: move });
        expect(await evidenceCount(request.id)).toBe(evidenceBefore + 1);
      } else {
        const refusal = await attempt.then(
          () => null,
          (err: unknown) => err,
        );
        expect({ status, move, refused: refusal instanceof ApiError && refusal.code }).toEqual({
          status,
          move,
          refused: 'invalid_state',
        });
        expect((await rowOf(request.id)).status).toBe(status);
        expect(await historyOf(request.id)).toHaveLength(historyBefore);
        expect(await evidenceCount(request.id)).toBe(evidenceBefore);
      }
    }
  });

  it('a funder cannot move a request it cannot see: 404, and the request stays as it was', async () => {
    const other = await given.funder();
    await placeIn(request.id, 'submitted');
    const scope: FunderScope = { funderId: other.bankId, plane: 'live' };
    const refusal = await service.runtime.services
      .write(operator, (ws) =>
        lifecycle.transition(ws, funderMover(scope), request.id, 'offer', offerEvidence),
      )
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(refusal instanceof ApiError && refusal.code).toBe('not_found');
    expect((await rowOf(request.id)).status).toBe('submitted');
  });

  it('the funder a request is routed to moves it within its own plane only', async () => {
    const wrongPlane: FunderScope = { funderId: request.funder.bankId, plane: 'demo' };
    const refusal = await service.runtime.services
      .write(operator, (ws) =>
        lifecycle.transition(ws, funderMover(wrongPlane), request.id, 'offer', offerEvidence),
      )
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(refusal instanceof ApiError && refusal.code).toBe('not_found');
    const scope: FunderScope = { funderId: request.funder.bankId, plane: 'live' };
    const moved = await service.runtime.services.write(operator, (ws) =>
      lifecycle.transition(ws, funderMover(scope), request.id, 'offer', offerEvidence),
    );
    expect(moved.to).toBe('terms_sent');
    expect((await historyOf(request.id)).at(-1)).toEqual({
      from_status: 'submitted',
      to_status: 'terms_sent',
      trigger: 'offer',
    });
  });
});

describe('a request the write already locked', () => {
  const scopeOfFunder = (request: RoutedRequest): FunderScope => ({
    funderId: request.funder.bankId,
    plane: 'live',
  });

  it('is moved without being read a second time', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    const scope = scopeOfFunder(request);
    const reads: string[] = [];
    await service.runtime.services.write(operator, async (ws) => {
      const tx = ws.tx;
      const counted: typeof tx = {
        ...tx,
        query: (sql, params) => {
          if (/FROM funding_requests r JOIN sellers/.test(sql)) reads.push(sql);
          return tx.query(sql, params);
        },
      };
      const row = await lifecycle.lock(counted, funderMover(scope), request.id);
      expect(reads).toHaveLength(1);
      const moved = await lifecycle.transition(
        { ...ws, tx: counted },
        funderMover(scope),
        row,
        'offer',
        offerEvidence,
      );
      expect(moved.before).toBe(row);
      expect(moved.to).toBe('terms_sent');
    });
    expect(reads).toHaveLength(1);
    expect((await historyOf(request.id)).at(-1)).toEqual({
      from_status: 'submitted',
      to_status: 'terms_sent',
      trigger: 'offer',
    });
  });

  it('is locked and read again once moved, by another mover, or in another write', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    const scope = scopeOfFunder(request);
    // Moved: the second move starts from the status the first one wrote.
    await service.runtime.services.write(operator, async (ws) => {
      const row = await lifecycle.lock(ws.tx, funderMover(scope), request.id);
      await lifecycle.transition(ws, funderMover(scope), row, 'offer', offerEvidence);
      const again = await lifecycle.transition(ws, funderMover(scope), row, 'offer', offerEvidence);
      expect(again.from).toBe('terms_sent');
    });
    // Locked in an earlier write: the status changed since, and the move sees it.
    const earlier = await service.runtime.services.write(operator, (ws) =>
      lifecycle.lock(ws.tx, funderMover(scope), request.id),
    );
    await placeIn(request.id, 'submitted');
    const moved = await service.runtime.services.write(operator, (ws) =>
      lifecycle.transition(ws, funderMover(scope), earlier, 'offer', offerEvidence),
    );
    expect(moved.from).toBe('submitted');
    // Locked by the operations team: a funder that cannot see the request still gets 404.
    const other: FunderScope = { funderId: (await given.funder()).bankId, plane: 'live' };
    const refusal = await service.runtime.services
      .write(operator, async (ws) => {
        const row = await lifecycle.lock(ws.tx, OPERATIONS, request.id);
        return lifecycle.transition(ws, funderMover(other), row, 'offer', offerEvidence);
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(refusal instanceof ApiError && refusal.code).toBe('not_found');
  });
});
