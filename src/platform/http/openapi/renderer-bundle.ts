import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Set to true in the compiled modules by scripts/build.mjs (esbuild's `define`); not defined when
 * the sources run through the TypeScript loader (`npm run dev`, the tests).
 */
declare const FUNDER_API_COMPILED: boolean | undefined;

/** Where scripts/build.mjs writes the bundle, relative to the compiled modules' directory. */
export const BUILT_BUNDLE = join('renderer', 'scalar.js');

/**
 * The reference page's renderer, about 4 MB of JavaScript, as one Buffer of its bytes (outside
 * the JavaScript heap). The page reads it on the first request for it and keeps it
 * (reference-page.ts).
 *
 * The compiled service reads the file the build wrote beside its modules (scripts/build.mjs
 * takes it from Scalar's Fastify package, a development package only): the production install
 * does not hold the package, and nothing of it is loaded. Run from the sources, the bundle is
 * read from the package itself, in this process: docs/decisions/platform.md, "The reference
 * page's renderer".
 */
export function readRendererBundle(): Promise<Buffer> {
  const compiled = typeof FUNDER_API_COMPILED === 'boolean' && FUNDER_API_COMPILED;
  if (compiled) return readFile(join(import.meta.dirname, BUILT_BUNDLE));
  return rendererBundleFromPackage();
}

/**
 * The bundle as the package's own Fastify route serves it: the package registered on a Fastify
 * app of its own and the script read by an injected call. Importing the package keeps its module
 * (the bundle is a string literal in it) in the heap for the life of the process.
 */
async function rendererBundleFromPackage(): Promise<Buffer> {
  const [{ default: Fastify }, { default: scalar }] = await Promise.all([
    import('fastify'),
    import('@scalar/fastify-api-reference'),
  ]);
  const app = Fastify({ logger: false });
  try {
    await app.register(scalar, { routePrefix: '/renderer', configuration: { url: '/' } });
    const answer = await app.inject({ method: 'GET', url: '/renderer/js/scalar.js' });
    if (answer.statusCode !== 200) throw new Error(`the renderer bundle answered ${answer.statusCode}`);
    return answer.rawPayload;
  } finally {
    await app.close();
  }
}
