// A start of the compiled service as `npm start` starts it, for .ci/run's Node.js 22 leg: what
// its `start` script runs once the build is there (`node --enable-source-maps dist/app/cli.mjs
// serve`, with the node running this script), on a fresh embedded database in a temporary data
// directory, on a free loopback port, outside production. It must print the first start's
// sandbox key, answer readiness (`GET /readyz`, 200) and that key's `GET /v1/me` (200), then stop
// on SIGTERM with exit code 0. Exits 1, with the service's output, otherwise.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const port = await new Promise((resolve, reject) => {
  const server = createServer();
  server.once('error', reject);
  server.listen(0, '127.0.0.1', () => {
    const { port: free } = server.address();
    server.close(() => resolve(free));
  });
});
const dataDir = await mkdtemp(join(tmpdir(), 'funder-api-start-'));
const env = { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port) };
for (const name of [
  'NODE_ENV',
  'OPS_PORT',
  'DATABASE_URL',
  'TEST_DATABASE_URL',
  'REDIS_URL',
  'TEST_REDIS_URL',
])
  delete env[name];
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const child = spawn(process.execPath, ['--enable-source-maps', 'dist/app/cli.mjs', 'serve'], {
  cwd: root,
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
child.stdout.on('data', (chunk) => {
  output += chunk;
});
child.stderr.on('data', (chunk) => {
  output += chunk;
});
const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function status(path, headers = {}) {
  try {
    const answer = await fetch(`http://127.0.0.1:${port}${path}`, {
      headers,
      signal: AbortSignal.timeout(10_000),
    });
    await answer.arrayBuffer();
    return answer.status;
  } catch {
    return null;
  }
}

let failure = null;
try {
  // A guard against a service that never comes up (five minutes), not a measure of speed.
  let key;
  for (let attempt = 0; attempt < 600 && !key && child.exitCode === null; attempt += 1) {
    key = /sandbox key\s+(svc_fk_[0-9a-f]{64})/.exec(output)?.[1];
    if (!key) await sleep(500);
  }
  if (!key) throw new Error('no sandbox key was printed');
  const ready = await status('/readyz');
  if (ready !== 200) throw new Error(`GET /readyz answered ${ready}`);
  const me = await status('/v1/me', { authorization: `Bearer ${key}` });
  if (me !== 200) throw new Error(`GET /v1/me answered ${me}`);
} catch (error) {
  failure = error;
} finally {
  if (child.exitCode === null) child.kill('SIGTERM');
}
const code = await exited;
if (!failure && code !== 0) failure = new Error(`the service ended with ${code} on SIGTERM`);
await rm(dataDir, { recursive: true, force: true });
if (failure) {
  console.error(`${failure.message}\n--- the service's output:\n${output}`);
  process.exit(1);
}
console.log(
  `dist/app/cli.mjs serve on Node.js ${process.version}: /readyz 200, /v1/me 200, stopped with exit code 0`,
);
