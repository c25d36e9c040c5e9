// Prints the areas' dependencies as a Mermaid flowchart: the picture in docs/architecture.md.
//   node bin/run-ts.mjs scripts/area-graph.ts
import { areaPicture, readSource } from './source-graph.ts';

process.stdout.write(`${areaPicture(readSource())}\n`);
