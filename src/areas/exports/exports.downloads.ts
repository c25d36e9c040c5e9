import type { Readable } from 'node:stream';
import type { FunderCaller } from '../../platform/caller.ts';
import { OPERATOR, runAs } from '../../platform/db/actor.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { ExportsDeps } from './exports.deps.ts';
import { LINK_SECONDS } from './exports.links.ts';
import * as store from './exports.store.ts';
import { filesAvailable, funderRef, liveScope, exportView as view } from './exports.view.ts';

/** One export with its signed links once ready, and the download those links open. */
export function createExportDownloads(
  deps: Pick<ExportsDeps, 'db' | 'clock' | 'write' | 'storage' | 'links' | 'publicBaseUrl'>,
) {
  const { db, clock, write, storage, links } = deps;
  return {
    /** GET /v1/exports/{id}: once ready and for 24 hours, a signed link per volume, logged. */
    async get(caller: FunderCaller, id: string) {
      const scope = liveScope(caller);
      const row = await store.findExport(db, scope, id);
      if (!row) throw new ApiError('not_found', 'Export was not found.');
      const now = clock.now();
      if (!filesAvailable(row, now)) return { funder: funderRef(caller), export: view(row, now) };
      const urlExpiresAt = new Date(Math.min(now.getTime() + LINK_SECONDS * 1000, row.expires_at!.getTime()));
      // Whole seconds: the link carries Unix seconds and must not outlive what it states.
      urlExpiresAt.setUTCMilliseconds(0);
      const files = (row.volumes ?? []).map((volume) => ({
        name: volume.name,
        bytes: volume.bytes,
        sha256: volume.sha256,
        url: links.url(deps.publicBaseUrl, volume.object, urlExpiresAt, caller.keyId),
        url_expires_at: urlExpiresAt.toISOString(),
      }));
      await write(caller, ({ tx, now: at }) =>
        store.logLinks(tx, scope, {
          id: newId(),
          exportId: row.id,
          keyId: caller.keyId,
          requestId: caller.requestId,
          now: at,
          expiresAt: urlExpiresAt,
          volumes: files.length,
        }),
      );
      return { funder: funderRef(caller), export: { ...view(row, now), files } };
    },

    /**
     * GET /v1/export-downloads/...: the signed link is the credential. A forged or expired one
     * is refused with no database call; a genuine one works only while the export's funder is
     * active and the key that obtained it is not revoked (one indexed read, as the operator:
     * the route carries no key).
     */
    async download(
      object: string,
      link: { expires: number; keyId: string; sig: string },
    ): Promise<{ body: Readable; bytes: number; name: string }> {
      const gone = () =>
        new ApiError('not_found', 'This export link is unknown or has expired; ask for the export again.');
      if (!links.check(object, link.expires, link.keyId, link.sig, clock.now())) throw gone();
      const exportId = object.slice(0, object.indexOf('/'));
      const holder = await runAs(OPERATOR, () => store.linkHolderActiveForOps(db, exportId, link.keyId));
      if (!holder) throw gone();
      const file = await storage.get(object);
      if (!file) throw gone();
      return { ...file, name: object.slice(object.lastIndexOf('/') + 1) };
    },
  };
}
