#!/usr/bin/env node
// The command line as the image and `npm start` run it: the compiled modules in dist/app/
// (`npm run build`; `npm start` builds them first), their stack traces mapped to the sources.
// `npm run dev` runs the sources themselves through the TypeScript loader.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const compiled = new URL('../dist/app/cli.mjs', import.meta.url);
if (!existsSync(fileURLToPath(compiled))) {
  console.error(
    'funder-api: dist/app/cli.mjs is missing: run `npm run build` first (`npm start` builds it).',
  );
  process.exit(1);
}
process.setSourceMapsEnabled(true);
await import(compiled.href);
