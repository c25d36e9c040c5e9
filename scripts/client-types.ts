/**
 * The typed client's types are generated from the service's own OpenAPI document: this module
 * builds the document the way `GET /v1/openapi.json` serves it and renders it with
 * openapi-typescript. `npm run client:types` rewrites the committed file;
 * the test suite renders it again and fails when the committed file is stale.
 */
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { manualClock } from '../src/platform/clock.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { createPgliteDb } from '../src/platform/db/pglite.ts';
import { createRuntime } from '../src/runtime.ts';

export const clientTypesFile = join(
  dirname(fileURLToPath(import.meta.url)),
  '../packages/client/src/schema.ts',
);

const HEADER = `/**
 * Generated from the funder API's OpenAPI document by \`npm run client:types\`.
 * Do not edit by hand: the test suite fails when this file differs from the document.
 */

`;

/** The OpenAPI document as the service serves it, built on a throw-away embedded database. */
export async function serviceDocument(): Promise<OpenAPI3> {
  const db = await createPgliteDb({ dataDir: null });
  try {
    await migrate(db);
    const runtime = await createRuntime(
      {
        ...loadConfig({}),
        clock: 'manual',
        logLevel: 'silent',
        inlineWorker: false,
        demoOnFirstStart: false,
      },
      {
        db,
        clock: manualClock(new Date('2026-01-01T00:00:00Z')),
        logger: pino({ level: 'silent' }),
        secrets: { opsToken: `ops_${randomBytes(24).toString('hex')}`, secretsKey: randomBytes(32) },
      },
    );
    const app = await runtime.buildApp();
    try {
      const answer = await app.inject({ method: 'GET', url: '/v1/openapi.json' });
      if (answer.statusCode !== 200) throw new Error(`GET /v1/openapi.json answered ${answer.statusCode}`);
      return answer.json() as OpenAPI3;
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
  }
}

/** The client's types for a document, exactly as they are committed. */
export async function renderClientTypes(document: OpenAPI3): Promise<string> {
  const ast = await openapiTS(document, { alphabetize: true });
  return HEADER + astToString(ast);
}
