// `npm run client:types`: regenerates the typed client's types from the service's document.
import { writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { clientTypesFile, renderClientTypes, serviceDocument } from './client-types.ts';

await writeFile(clientTypesFile, await renderClientTypes(await serviceDocument()));
console.log(`wrote ${relative(process.cwd(), clientTypesFile)}`);
