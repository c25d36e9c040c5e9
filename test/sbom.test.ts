import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from './support/cli.ts';

/**
 * The bill of materials `npm run build` writes (scripts/sbom.mjs, into dist/sbom.cdx.json; the
 * container image carries it: test/container-image.test.ts), made here from the checkout's
 * installed tree into a directory of the test's own and read against the committed lockfile.
 */
const TIMEOUT = 5 * 60_000;

interface Component {
  'bom-ref': string;
  type: string;
  name: string;
  version: string;
  purl: string;
  properties?: { name: string; value: string }[];
  hashes?: { alg: string; content: string }[];
}

interface Bom {
  bomFormat: string;
  specVersion: string;
  metadata: { component: Component };
  components: Component[];
  dependencies: { ref: string; dependsOn: string[] }[];
}

interface LockEntry {
  name?: string;
  version?: string;
  dev?: boolean;
  link?: boolean;
  integrity?: string;
}

/** The lockfile's packages, each as `name@version`: those development alone needs, and the rest. */
async function lockedPackages(): Promise<{ production: Set<string>; development: Set<string> }> {
  const lock = JSON.parse(await readFile(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const production = new Set<string>();
  const development = new Set<string>();
  for (const [path, entry] of Object.entries(lock.packages)) {
    // The root is the document's subject; a link (the workspace's) is listed as its target.
    if (path === '' || entry.link) continue;
    const name = entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    (entry.dev ? development : production).add(`${name}@${entry.version}`);
  }
  return { production, development };
}

describe('the bill of materials', () => {
  let dir: string;
  let bom: Bom;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'funder-api-sbom-'));
    const file = join(dir, 'sbom.cdx.json');
    await promisify(execFile)(process.execPath, [join(root, 'scripts', 'sbom.mjs'), file], { cwd: root });
    bom = JSON.parse(await readFile(file, 'utf8')) as Bom;
  }, TIMEOUT);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is a CycloneDX 1.5 document of the service, an application', async () => {
    const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      name: string;
      version: string;
    };
    expect(bom.bomFormat).toBe('CycloneDX');
    expect(bom.specVersion).toBe('1.5');
    expect(bom.metadata.component).toMatchObject({
      'bom-ref': `${manifest.name}@${manifest.version}`,
      name: manifest.name,
      version: manifest.version,
      type: 'application',
    });
  });

  it('lists every production package of the lockfile at its locked version, and nothing else', async () => {
    const { production, development } = await lockedPackages();
    const listed = new Set(bom.components.map((component) => `${component.name}@${component.version}`));
    // Each listed once.
    expect(bom.components.length).toBe(listed.size);
    expect([...production].filter((pkg) => !listed.has(pkg))).toEqual([]);
    expect([...listed].filter((pkg) => !production.has(pkg))).toEqual([]);
    // Those shared by both kinds (ajv, semver, ...) are production packages; the tools are not.
    const developmentOnly = [...development].filter((pkg) => !production.has(pkg));
    expect(developmentOnly.length).toBeGreaterThan(0);
    expect(developmentOnly.filter((pkg) => listed.has(pkg))).toEqual([]);
    for (const tool of ['typescript', 'vitest', 'esbuild', 'tsx', '@scalar/fastify-api-reference'])
      expect(bom.components.some((component) => component.name === tool)).toBe(false);
    expect(bom.components.some((component) => component.name === 'ajv')).toBe(true);
  });

  it('names each package as a scanner reads it: its package URL and its integrity hash', async () => {
    for (const component of bom.components) {
      const scoped = component.name.startsWith('@');
      const purlName = scoped ? `%40${component.name.slice(1)}` : component.name;
      expect({ name: component.name, purl: component.purl }).toEqual({
        name: component.name,
        purl: `pkg:npm/${purlName}@${component.version}`,
      });
      expect(component.properties?.some((property) => property.name === 'cdx:npm:package:development')).toBe(
        false,
      );
    }
    // Every package from the registry carries the lockfile's hash (the workspace has none).
    const hashed = bom.components.filter((component) =>
      component.hashes?.some((hash) => hash.alg === 'SHA-512'),
    );
    expect(bom.components.length - hashed.length).toBe(1);
  });

  it("holds a dependency graph among the listed packages only, the root's edges the production ones", async () => {
    const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const refs = new Set([bom.metadata.component['bom-ref'], ...bom.components.map((c) => c['bom-ref'])]);
    for (const dependency of bom.dependencies) {
      expect(refs.has(dependency.ref)).toBe(true);
      expect(dependency.dependsOn.filter((ref) => !refs.has(ref))).toEqual([]);
    }
    const rootEdges = bom.dependencies.find(
      (dependency) => dependency.ref === bom.metadata.component['bom-ref'],
    );
    expect(rootEdges?.dependsOn.map((ref) => ref.slice(0, ref.lastIndexOf('@'))).sort()).toEqual(
      [...Object.keys(manifest.dependencies), '@funder-api/client'].sort(),
    );
  });
});
