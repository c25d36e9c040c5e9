import { spawn } from 'node:child_process';

/**
 * Prints the renderer's bundle (Scalar's standalone script) on standard output, as the
 * package's own Fastify route serves it: the package is registered on a Fastify app of the
 * child's own and the script read by an injected call.
 */
const CHILD_SOURCE = `
const [fastifyUrl, scalarUrl] = process.argv.slice(1);
const { default: Fastify } = await import(fastifyUrl);
const { default: scalar } = await import(scalarUrl);
const app = Fastify({ logger: false });
await app.register(scalar, { routePrefix: '/renderer', configuration: { url: '/' } });
const answer = await app.inject({ method: 'GET', url: '/renderer/js/scalar.js' });
await app.close();
if (answer.statusCode !== 200) throw new Error('the renderer bundle answered ' + answer.statusCode);
process.stdout.write(answer.rawPayload);
`;

/**
 * The reference page's renderer, about 4 MB of JavaScript, as one Buffer of its bytes (outside
 * the JavaScript heap). The page reads it on the first request for it and keeps it
 * (reference-page.ts).
 *
 * Why not import the package here: it holds the bundle as a string literal in its own module,
 * so importing it keeps the module's source and that string in the heap for the life of the
 * process, both in V8's two-byte form (the bundle has characters beyond Latin-1): about 17 MB
 * of every server, most of which never serve the page, besides the modules the package imports
 * to render pages the service does not use. It is read in a short-lived child process instead,
 * whose memory all goes back when it ends (a worker thread left about 20 MB of its allocator's
 * memory behind): docs/decisions/platform.md, "The reference page's renderer".
 */
export function readRendererBundle(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '--eval',
        CHILD_SOURCE,
        import.meta.resolve('fastify'),
        import.meta.resolve('@scalar/fastify-api-reference'),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0 && out.length > 0) return resolve(Buffer.concat(out));
      const why = Buffer.concat(err).toString('utf8').trim().split('\n').slice(-3).join(' ');
      reject(new Error(`the renderer bundle could not be read (exit code ${code}): ${why}`));
    });
  });
}
