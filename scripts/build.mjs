#!/usr/bin/env node
// Compiles a TypeScript entry point (default: the command line, src/cli.ts) and what it imports
// into JavaScript modules under dist/, to run with plain `node`: what `npm start`, the `bin` and
// the container image run (the TypeScript loader, which holds about a hundred megabytes of its
// own, is for `npm run dev` alone; bench/README.md, "Exports"). Packages stay in node_modules;
// modules imported with `import()` stay separate files, loaded only when used. When the entry
// serves the reference page, the renderer's bundle is written beside the modules
// (renderer/scalar.js), read from its package here so the production install needs no package
// of it (src/platform/http/openapi/renderer-bundle.ts).
//
//   node scripts/build.mjs                                  -> dist/app/cli.mjs
//   node scripts/build.mjs bench/exports.bench.ts dist/bench -> dist/bench/exports.bench.mjs
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const entry = resolve(root, process.argv[2] ?? 'src/cli.ts');
const outdir = resolve(root, process.argv[3] ?? 'dist/app');

/**
 * `import.meta.url` of a source file (the migrations are found next to it) is rewritten to
 * that file's place relative to the compiled module, so it points where it did before.
 */
const sourceUrls = {
  name: 'source-urls',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const fromOut = relative(outdir, args.path).split('\\').join('/');
      return {
        contents: text.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(fromOut)}, import.meta.url).href`,
        ),
        loader: 'ts',
      };
    });
  },
};

const built = await build({
  entryPoints: [entry],
  outdir,
  entryNames: basename(entry, extname(entry)),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  // The compiled modules know they are (renderer-bundle.ts reads the bundle the build wrote).
  define: { FUNDER_API_COMPILED: 'true' },
  metafile: true,
  packages: 'external',
  sourcemap: 'linked',
  // Stack traces need the maps' positions only, not a second copy of every source file: the
  // maps are parsed into memory when the process starts with --enable-source-maps.
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [sourceUrls],
});
const rendererModule = 'src/platform/http/openapi/renderer-bundle.ts';
if (Object.keys(built.metafile.inputs).some((input) => resolve(input) === resolve(root, rendererModule))) {
  await writeRendererBundle(join(outdir, 'renderer', 'scalar.js'));
}
console.log(relative(root, resolve(outdir, `${basename(entry, extname(entry))}.mjs`)));

/**
 * The renderer's bundle as its package's own Fastify route serves it (the package registered on
 * an app of this process, the script read by an injected call), written to `file`.
 */
async function writeRendererBundle(file) {
  const { default: Fastify } = await import('fastify');
  const { default: scalar } = await import('@scalar/fastify-api-reference');
  const app = Fastify({ logger: false });
  await app.register(scalar, { routePrefix: '/renderer', configuration: { url: '/' } });
  const answer = await app.inject({ method: 'GET', url: '/renderer/js/scalar.js' });
  await app.close();
  if (answer.statusCode !== 200) throw new Error(`the renderer bundle answered ${answer.statusCode}`);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, answer.rawPayload);
}
