import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivationKeyOf, secretBox, sha256Hex } from '../src/platform/crypto.ts';
import { OPERATOR, runAs } from '../src/platform/db/actor.ts';
import { rotateSecrets } from '../src/platform/secrets-rotation.ts';
import { clientsGiven, type Link, type Prescriber } from './support/clients-given.ts';
import { freshDatabase, type TestDatabase } from './support/database.ts';
import { download, drainJobs, type ExportView } from './support/exports.ts';
import type { FunderFixture } from './support/requests-fixtures.ts';
import { startService, type TestService } from './support/service.ts';

/**
 * Link tokens and export links across rotations of the secrets key: new ones follow the new key,
 * links made before keep working, and a second rotation forgets what the first key made.
 */

/** One database and the services started on it, as servers restarted with other keys would be. */
async function scene(options: { dataDir?: string } = {}) {
  const database: TestDatabase = await freshDatabase();
  const services: TestService[] = [];
  return {
    database,
    async serviceWith(secretsKey: Buffer, previousSecretsKey?: Buffer): Promise<TestService> {
      const service = await startService({
        database,
        secretsKey,
        previousSecretsKey,
        config: options.dataDir ? { dataDir: options.dataDir } : {},
      });
      services.push(service);
      return service;
    },
    rotate: (service: TestService) =>
      rotateSecrets(
        database.db,
        service.runtime.secrets,
        service.runtime.clock,
        service.runtime.services.sealed,
      ),
    keptKeys: async () =>
      (
        await runAs(OPERATOR, () =>
          database.db.query<{ name: string; sealed: string }>(
            'SELECT name, sealed FROM kept_keys ORDER BY name',
          ),
        )
      ).rows,
    async close() {
      // Every service shares the one database: its apps are closed, then the database.
      for (const service of services) await service.app.close();
      await database.drop();
    },
  };
}

const tokenOf = (url: string): string => new URL(url).pathname.split('/').pop()!;

/** What a holder of `key` alone would compute for a link: its token under that key's derivation. */
const tokenUnder = (key: Buffer, kind: 'client-link' | 'onboarding-link', id: string): string =>
  `${kind === 'client-link' ? 'cl_' : 'ob_'}${secretBox(key).derive(`${kind}:${id}`)}`;

describe('link tokens across rotations of the secrets key', () => {
  const [k1, k2, k3] = [randomBytes(32), randomBytes(32), randomBytes(32)];
  let world: Awaited<ReturnType<typeof scene>>;
  let funder: FunderFixture;
  let key: string;
  /** The funder's own link, made under the first key. */
  let own: Link;
  /** A prescriber's link made during the first rotation, by a server already on the new key. */
  let during: Link;
  /** A prescriber's link made after the first rotation. */
  let after: Link;

  beforeAll(async () => {
    world = await scene();
  });
  afterAll(async () => world?.close());

  const linkRow = async (service: TestService, id: string) =>
    (
      await service.db.query<{ token_sha256: string; derivation_generation: number }>(
        'SELECT token_sha256, derivation_generation FROM client_links WHERE id = $1',
        [id],
      )
    ).rows[0]!;
  const listed = async (service: TestService) =>
    (await service.call<{ client_links: Link[] }>(key, 'GET', '/v1/client-links')).body.client_links;
  const newPrescriber = async (service: TestService, name: string) => {
    const made = await service.call<{ prescriber: Prescriber }>(key, 'POST', '/v1/prescribers', {
      body: { name },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.prescriber.link!;
  };

  it('after a rotation a new link’s token is the new key’s: the old key computes another; a link made before works on with the same URL', async () => {
    const first = await world.serviceWith(k1);
    funder = await first.given.funderWithKey({ environment: 'live' });
    key = funder.key;
    const made = await clientsGiven(first).newLink(funder);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    own = made.body.client_link;
    expect(tokenOf(own.url!)).toBe(tokenUnder(k1, 'client-link', own.id));

    // Servers restarted with the new key and the previous one: new links are the new key's already.
    const window = await world.serviceWith(k2, k1);
    during = await newPrescriber(window, 'Asesoría durante la rotación');
    expect(tokenOf(during.url!)).toBe(tokenUnder(k2, 'client-link', during.id));
    expect(await world.rotate(window)).toMatchObject({
      derivation: { generation: 2, kept: 1, forgotten: [] },
    });

    // After it: the new key alone.
    const second = await world.serviceWith(k2);
    after = await newPrescriber(second, 'Asesoría después de la rotación');
    const afterToken = tokenOf(after.url!);
    expect(afterToken).not.toBe(tokenUnder(k1, 'client-link', after.id));
    const rows = await second.db.query<{ token_sha256: string }>('SELECT token_sha256 FROM client_links');
    expect(rows.rows.map((row) => row.token_sha256)).not.toContain(
      sha256Hex(tokenUnder(k1, 'client-link', after.id)),
    );
    expect(await linkRow(second, after.id)).toEqual({
      token_sha256: sha256Hex(afterToken),
      derivation_generation: 2,
    });

    // An onboarding link too: its token is checked by its SHA-256, which the old key cannot make.
    const origins = await second.ops('PUT', `/ops/v1/funders/${funder.bankId}/return-origins`, {
      origins: ['https://erp.funder.example'],
    });
    expect(origins.status).toBe(200);
    const onboarding = await second.call<{ onboarding_link: { id: string }; url: string }>(
      key,
      'POST',
      '/v1/onboarding-links',
      {
        body: {
          company_vat: 'ESB12345678',
          country: 'ES',
          contact_email: 'admin@supplier.example',
          return_url: 'https://erp.funder.example/onboarding/done',
          company_name: 'Suministros Norte, S.L.',
        },
      },
    );
    expect(onboarding.status, JSON.stringify(onboarding.body)).toBe(201);
    const onboardingToken = tokenOf(onboarding.body.url);
    const id = onboarding.body.onboarding_link.id;
    expect(onboardingToken).not.toBe(tokenUnder(k1, 'onboarding-link', id));
    const stored = await second.db.query<{ token_sha256: string }>(
      'SELECT token_sha256 FROM onboarding_links WHERE id = $1',
      [id],
    );
    expect(stored.rows[0]!.token_sha256).toBe(sha256Hex(onboardingToken));
    expect(stored.rows[0]!.token_sha256).not.toBe(sha256Hex(tokenUnder(k1, 'onboarding-link', id)));

    // The links made before the rotation: the same URLs, their tokens still the ones stored.
    const urls = (await listed(second)).map((link) => link.url);
    expect(urls).toEqual(expect.arrayContaining([own.url, during.url, after.url]));
    expect(await linkRow(second, own.id)).toEqual({
      token_sha256: sha256Hex(tokenOf(own.url!)),
      derivation_generation: 1,
    });
    expect((await linkRow(second, during.id)).derivation_generation).toBe(2);
    const arrival = await clientsGiven(second).arrive(own.id, clientsGiven(second).company());
    expect(arrival.status, JSON.stringify(arrival.body)).toBe(201);
  });

  it('after a second rotation nothing drawn from the first key is kept: its links work on without a URL until re-issued', async () => {
    const window = await world.serviceWith(k3, k2);
    const report = await world.rotate(window);
    expect(report.derivation).toEqual({ generation: 3, kept: 2, forgotten: [1] });
    // Run again: nothing more to forget or seal.
    const again = await world.rotate(window);
    expect(again.derivation).toEqual({ generation: 3, kept: 2, forgotten: [] });
    expect(Object.values(again.resealed).every((n) => n === 0)).toBe(true);

    // The one derivation key kept is the second key's, sealed under the third.
    const kept = await world.keptKeys();
    expect(kept.map((row) => row.name)).toEqual(['derived-values.2']);
    expect(secretBox(k3).open(kept[0]!.sealed)).toBe(derivationKeyOf(k2).toString('base64'));
    expect(() => secretBox(k1).open(kept[0]!.sealed)).toThrow();
    expect(() => secretBox(k2).open(kept[0]!.sealed)).toThrow();

    const third = await world.serviceWith(k3);
    const links = new Map((await listed(third)).map((link) => [link.id, link]));
    // The first key's link: working, its token unchanged, but no URL the service can show.
    expect(links.get(own.id)).toMatchObject({ state: 'active' });
    expect(links.get(own.id)!.url).toBeUndefined();
    expect((await linkRow(third, own.id)).token_sha256).toBe(sha256Hex(tokenOf(own.url!)));
    const arrival = await clientsGiven(third).arrive(own.id, clientsGiven(third).company());
    expect(arrival.status, JSON.stringify(arrival.body)).toBe(201);
    // The second key's links: still shown, the same URLs.
    expect(links.get(during.id)!.url).toBe(during.url);
    expect(links.get(after.id)!.url).toBe(after.url);

    // Re-issued, the funder's link has a URL again, the third key's.
    const reissued = await clientsGiven(third).newLink(funder, {
      replace: true,
      reason: 'secrets key rotated',
    });
    expect(reissued.status, JSON.stringify(reissued.body)).toBe(201);
    const link = reissued.body.client_link;
    expect(tokenOf(link.url!)).toBe(tokenUnder(k3, 'client-link', link.id));
    expect(tokenOf(link.url!)).not.toBe(tokenUnder(k1, 'client-link', link.id));
    expect((await linkRow(third, link.id)).derivation_generation).toBe(3);
    const old = await third.db.query<{ disabled_at: Date | null; replaced_by: string | null }>(
      'SELECT disabled_at, replaced_by FROM client_links WHERE id = $1',
      [own.id],
    );
    expect(old.rows[0]!.disabled_at).not.toBeNull();
    expect(old.rows[0]!.replaced_by).toBe(link.id);
  });
});

describe('links made by a release that kept one derivation key for ever', () => {
  it('show their URL under the kept key until the next rotation forgets it', async () => {
    const [k1, k2, k3] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const world = await scene();
    try {
      const first = await world.serviceWith(k1);
      const funder = await first.given.funderWithKey({ environment: 'live' });
      const made = await clientsGiven(first).newLink(funder);
      expect(made.status).toBe(201);
      const link = made.body.client_link;
      // What that release's first rotation (k1 to k2) left: the first key's derivation key,
      // under the bare name, sealed under the second key.
      await runAs(OPERATOR, () =>
        world.database.db.query(
          "INSERT INTO kept_keys (name, sealed, updated_at) VALUES ('derived-values', $1, now())",
          [secretBox(k2).seal(derivationKeyOf(k1).toString('base64'))],
        ),
      );
      const second = await world.serviceWith(k2);
      const listed = async (service: TestService) =>
        (await service.call<{ client_links: Link[] }>(funder.key, 'GET', '/v1/client-links')).body
          .client_links;
      expect(await listed(second)).toMatchObject([{ id: link.id, url: link.url }]);

      const report = await world.rotate(await world.serviceWith(k3, k2));
      expect(report.derivation).toEqual({ generation: 3, kept: 2, forgotten: [1] });
      expect((await world.keptKeys()).map((row) => row.name)).toEqual(['derived-values.2']);
      const third = await world.serviceWith(k3);
      const [after] = await listed(third);
      expect(after).toMatchObject({ id: link.id, state: 'active' });
      expect(after!.url).toBeUndefined();
    } finally {
      await world.close();
    }
  });
});

describe('export download links across a rotation', () => {
  let dataDir: string;
  let world: Awaited<ReturnType<typeof scene>>;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rotation-exports-'));
    world = await scene({ dataDir });
  });
  afterAll(async () => {
    await world?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('are signed under the current key; one signed under the previous key works while it is set, not after', async () => {
    const [k1, k2] = [randomBytes(32), randomBytes(32)];
    const first = await world.serviceWith(k1);
    const { key } = await first.given.funderWithKey({ environment: 'live' });
    const queued = await first.call<{ export: ExportView }>(key, 'POST', '/v1/exports', { body: {} });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    await drainJobs(first);
    const urlsFrom = async (service: TestService) => {
      const answer = await service.call<{ export: ExportView }>(
        key,
        'GET',
        `/v1/exports/${queued.body.export.id}`,
      );
      expect(answer.body.export.status).toBe('ready');
      return answer.body.export.files!.map((file) => file.url);
    };
    const [signedByFirst] = await urlsFrom(first);

    // A server restarted with the new key and the previous one signs under the new key and
    // still takes a link the first key signed (a server not yet restarted gave it out).
    const window = await world.serviceWith(k2, k1);
    const [signedInWindow] = await urlsFrom(window);
    expect(signedInWindow).not.toBe(signedByFirst);
    expect((await download(window, signedByFirst!)).status).toBe(200);
    expect((await download(window, signedInWindow!)).status).toBe(200);

    // The previous key removed: only the new key's links work.
    const second = await world.serviceWith(k2);
    expect((await download(second, signedByFirst!)).status).toBe(404);
    expect((await download(second, signedInWindow!)).status).toBe(200);
  });
});
