#!/usr/bin/env node
// Compiles a TypeScript entry point (default: the command line, src/cli.ts) and what it imports
// into JavaScript modules under dist/, to run with plain `node`, without the TypeScript loader
// `npm start` uses (which holds about a hundred megabytes of its own; bench/README.md,
// "Exports"). Packages stay in node_modules; modules imported with `import()` stay separate
// files, loaded only when used.
//
//   node scripts/build.mjs                                  -> dist/app/cli.mjs
//   node scripts/build.mjs bench/exports.bench.ts dist/bench -> dist/bench/exports.bench.mjs
import { readFile } from 'node:fs/promises';
import { basename, dirname, extname, relative, resolve } from 'node:path';
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

await build({
  entryPoints: [entry],
  outdir,
  entryNames: basename(entry, extname(entry)),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [sourceUrls],
});
console.log(relative(root, resolve(outdir, `${basename(entry, extname(entry))}.mjs`)));
