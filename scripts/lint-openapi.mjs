#!/usr/bin/env node
// Lints the OpenAPI document written by `npm run openapi` with Redocly CLI (rules in
// redocly.yaml) and fails on any error or warning: the document must lint clean.
import { spawnSync } from 'node:child_process';

const file = process.argv[2] ?? 'dist/openapi.json';
const run = spawnSync(
  'npx',
  [
    '--no-install',
    'redocly',
    'lint',
    file,
    '--config',
    'redocly.yaml',
    '--format=json',
    '--max-problems=500',
  ],
  { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(run.stdout, run.stderr);
  console.error('The OpenAPI lint did not produce a report.');
  process.exit(1);
}
for (const problem of report.problems) {
  const where = problem.location?.[0]?.pointer ?? '';
  console.error(`${problem.severity} ${problem.ruleId}: ${problem.message} ${where}`);
}
const { errors, warnings, ignored } = report.totals;
console.log(
  `OpenAPI lint of ${file}: ${errors} errors, ${warnings} warnings (${ignored} ignored on purpose).`,
);
process.exit(errors + warnings === 0 ? 0 : 1);
