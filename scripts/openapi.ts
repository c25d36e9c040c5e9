// Writes the OpenAPI document the service serves at /v1/openapi.json to the file given (or to
// stdout). It builds the app on an empty in-memory database: no server, no data directory.
//   node bin/run-ts.mjs scripts/openapi.ts [out.json]
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { createPgliteDb } from '../src/platform/db/pglite.ts';
import { createRuntime } from '../src/runtime.ts';

const out = process.argv[2];
const db = await createPgliteDb({});
const runtime = await createRuntime(
  { ...loadConfig({}), logLevel: 'silent', inlineWorker: false, demoOnFirstStart: false },
  {
    db,
    logger: pino({ level: 'silent' }),
    secrets: { opsToken: `ops_${randomBytes(24).toString('hex')}`, secretsKey: randomBytes(32) },
  },
);
const app = await runtime.buildApp();
const answer = await app.inject({ method: 'GET', url: '/v1/openapi.json' });
if (answer.statusCode !== 200) throw new Error(`GET /v1/openapi.json answered ${answer.statusCode}`);
const text = `${JSON.stringify(answer.json(), null, 2)}\n`;
if (out) {
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, text);
} else {
  process.stdout.write(text);
}
await app.close();
await runtime.close();
