#!/usr/bin/env node
// Writes the bill of materials of the production tree: a CycloneDX 1.5 JSON document made by
// npm's own `npm sbom` from the installed tree, listing every package the production install
// (`npm ci --omit=dev`, as the container image runs) holds, each at its installed version with
// its license, its package URL and its integrity hash. Part of `npm run build`; the container
// image carries it (docs/operations.md, "Bill of materials").
//
//   node scripts/sbom.mjs                 -> dist/sbom.cdx.json
//   node scripts/sbom.mjs FILE            -> FILE
//
// `npm sbom --omit dev` is not used as it stands: npm 11 selects the packages to leave out with
// a dependency-type query that also matches a production package some development package
// depends on too (ajv, semver, pg's parsers, ...), so it leaves out about thirty production
// packages. npm's full document marks each package only development needs with the property
// `cdx:npm:package:development` (npm's own `dev` flag, the lockfile's `dev: true`); those are
// taken out of the components and the dependency graph here, with the root's edges to its
// devDependencies; otherwise the document is npm's (names aside: see below).
import { execFile } from 'node:child_process';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const file = resolve(root, process.argv[2] ?? join('dist', 'sbom.cdx.json'));
const DEVELOPMENT = 'cdx:npm:package:development';

// The npm running this script's npm run when there is one, else the npm on PATH.
const npm = process.env.npm_execpath
  ? [process.execPath, process.env.npm_execpath]
  : [process.platform === 'win32' ? 'npm.cmd' : 'npm'];
const { stdout } = await promisify(execFile)(
  npm[0],
  [...npm.slice(1), 'sbom', '--sbom-format', 'cyclonedx', '--sbom-type', 'application'],
  // An `omit` or a workspace an enclosing npm run was given must not narrow the tree.
  { cwd: root, env: withoutNpmSelection(process.env), maxBuffer: 64 * 1024 * 1024 },
);
const bom = JSON.parse(stdout);

const isDevelopment = (component) =>
  (component.properties ?? []).some((property) => property.name === DEVELOPMENT && property.value === 'true');
const left = new Set(bom.components.filter(isDevelopment).map((component) => component['bom-ref']));
bom.components = bom.components.filter((component) => !left.has(component['bom-ref']));
bom.dependencies = bom.dependencies
  .filter((dependency) => !left.has(dependency.ref))
  .map((dependency) => ({ ...dependency, dependsOn: dependency.dependsOn.filter((ref) => !left.has(ref)) }));
// The root's edges to its devDependencies go too: a package both kinds use (semver) stays a
// component, but the service does not depend on it directly.
const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
const rootRef = bom.metadata.component['bom-ref'];
const developmentOnly = (ref) => {
  const name = ref.slice(0, ref.lastIndexOf('@'));
  return name in (manifest.devDependencies ?? {}) && !(name in (manifest.dependencies ?? {}));
};
for (const dependency of bom.dependencies)
  if (dependency.ref === rootRef)
    dependency.dependsOn = dependency.dependsOn.filter((ref) => !developmentOnly(ref));
// npm names the root and a workspace (packages/client) after the directory each sits in; the
// package's own name is meant, the one in its reference (`name@version`).
for (const component of [bom.metadata.component, ...bom.components]) {
  const suffix = `@${component.version}`;
  if (component['bom-ref'].endsWith(suffix)) component.name = component['bom-ref'].slice(0, -suffix.length);
}

await mkdir(dirname(file), { recursive: true });
await writeFile(`${file}.tmp`, `${JSON.stringify(bom, null, 2)}\n`);
await rename(`${file}.tmp`, file);
console.log(relative(root, file));

/** `env` without the npm settings that choose part of the tree (omit, include, workspaces). */
function withoutNpmSelection(env) {
  const chosen = /^npm_config_(omit|include|production|only|workspaces?|include_workspace_root)$/i;
  return Object.fromEntries(Object.entries(env).filter(([name]) => !chosen.test(name)));
}
