// Writes the OpenAPI document the service serves at /v1/openapi.json to the file given (or to
// stdout). It builds the app on an empty in-memory database: no server, no data directory.
//   node bin/run-ts.mjs scripts/openapi.ts [out.json]
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { serviceDocument } from './client-types.ts';

const out = process.argv[2];
const text = `${JSON.stringify(await serviceDocument(), null, 2)}\n`;
if (out) {
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, text);
} else {
  process.stdout.write(text);
}
