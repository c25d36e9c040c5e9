import { Type } from 'typebox';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { verifyEvidence } from '../../platform/evidence.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { Timestamp } from '../../platform/http/schemas.ts';
import { opsRole } from '../../platform/operator-roles.ts';

/** What the evidence check answers (the command line reads it too, through the module). */
export const EvidenceReport = Type.Object({
  ok: Type.Boolean({ description: 'Every entry and every recorded day root holds' }),
  entries: Type.Integer({ minimum: 0 }),
  days: Type.Integer({ minimum: 0 }),
  first_broken: Type.Union([
    Type.Object({ seq: Type.Integer(), id: Type.String(), reason: Type.String() }),
    Type.Null(),
  ]),
});

/** Service-wide operator actions: the evidence check, the embedded database's backup, the manual clock. */
export function opsRoutes({ db, clock }: { db: Db; clock: Clock }): AreaRoutes {
  return (app) => {
    // A read that changes nothing, so GET: `funder-api evidence verify` calls it when a running
    // server holds the embedded database.
    app.get(
      '/ops/v1/evidence/verify',
      {
        config: opsRole('auditor'),
        schema: {
          response: {
            200: EvidenceReport,
          },
        },
      },
      async () => {
        const { firstBroken, ...report } = await verifyEvidence(db);
        return { ...report, first_broken: firstBroken };
      },
    );

    // A consistent copy of the embedded database, made while the server serves: `funder-api
    // backup` calls it when this server holds the database. POST: it is costly and never cached.
    app.post('/ops/v1/backup', { config: opsRole('admin') }, async (_request, reply) => {
      if (!db.backup) {
        throw new ApiError(
          'conflict',
          'Backups through the service are for the embedded database; back up PostgreSQL with pg_dump or a base backup (docs/operations.md, "Backup and restore").',
        );
      }
      const dump = await db.backup();
      return reply
        .header('content-type', 'application/gzip')
        .header('cache-control', 'no-store')
        .send(Buffer.from(dump.buffer, dump.byteOffset, dump.byteLength));
    });

    app.get(
      '/ops/v1/clock',
      {
        config: opsRole('auditor'),
        schema: { response: { 200: Type.Object({ now: Timestamp, manual: Type.Boolean() }) } },
      },
      async () => ({ now: clock.now().toISOString(), manual: clock.manual }),
    );

    app.post(
      '/ops/v1/clock',
      {
        config: opsRole('support'),
        schema: {
          body: Type.Object(
            { advance_seconds: Type.Integer({ minimum: 1, maximum: 10 * 366 * 24 * 3600 }) },
            { additionalProperties: false },
          ),
          response: { 200: Type.Object({ now: Timestamp, manual: Type.Boolean() }) },
        },
      },
      async (request) => {
        if (!clock.manual) {
          throw new ApiError(
            'manual_clock_disabled',
            'The clock can only be moved on a server started with FUNDER_API_CLOCK=manual.',
          );
        }
        const now = await clock.advance(db, request.body.advance_seconds);
        return { now: now.toISOString(), manual: true };
      },
    );
  };
}
