// Fails when a package in the lockfile declares a Node.js range that a supported Node.js version
// does not satisfy. The supported lines are Node.js 22 and 24 (the current LTS); the versions
// checked are the lowest of each line that package.json's "engines" admits (22.15.0 and 24.0.0
// for "^22.15 || >=24"), and any version named on the command line (CI names the one it runs).
// It also fails when "engines" admits a version older than Node.js 22 or leaves a line out.
// Run by CI.
//
//   node scripts/check-engines.mjs [--project DIR] [VERSION...]
//
// DIR holds the package.json and package-lock.json to check (the checkout's own by default).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

/** The Node.js release lines the project supports, oldest first. */
const supportedLines = [22, 24];

const args = process.argv.slice(2);
let dir = fileURLToPath(new URL('..', import.meta.url));
const named = [];
for (let at = 0; at < args.length; at++) {
  if (args[at] === '--project' && args[at + 1] !== undefined) dir = args[++at];
  else named.push(args[at]);
}

const project = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'));
const range = project.engines?.node;
if (typeof range !== 'string' || !semver.validRange(range)) {
  fail(`package.json engines.node is not a range: ${range}`);
}

// The lowest version of each supported line the range admits.
const versions = supportedLines.map((line) => {
  const lowest = lowestIn(range, line);
  if (!lowest) fail(`package.json engines.node (${range}) admits no Node.js ${line}`);
  return lowest;
});
const oldest = semver.minVersion(range);
if (oldest && semver.major(oldest) < supportedLines[0]) {
  fail(`package.json engines.node (${range}) admits Node.js ${oldest}, older than ${supportedLines[0]}`);
}
for (const version of named) {
  const clean = semver.valid(semver.coerce(version));
  if (!clean) fail(`not a Node.js version: ${version}`);
  if (!semver.satisfies(clean, range))
    fail(`Node.js ${clean} is outside package.json engines.node (${range})`);
  if (!versions.includes(clean)) versions.push(clean);
}

const refusals = [];
for (const version of versions) {
  const refused = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    const wanted = entry.engines?.node;
    if (path === '' || typeof wanted !== 'string') continue;
    if (!semver.satisfies(version, wanted, { includePrerelease: true })) {
      refused.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version}: node ${wanted}`);
    }
  }
  if (refused.length > 0)
    refusals.push(`Packages that do not accept Node.js ${version}:\n  ${refused.join('\n  ')}`);
}
if (refusals.length > 0) fail(refusals.join('\n'));
console.log(
  `Every locked package accepts Node.js ${versions.join(', ')} ` +
    `(${Object.keys(lock.packages).length - 1} packages; engines.node ${range}).`,
);

/** The lowest version of the release line `line` that `range` admits, or null. */
function lowestIn(wanted, line) {
  const found = wanted
    .split('||')
    .map((part) => semver.minVersion(`${part.trim()} >=${line}.0.0 <${line + 1}.0.0-0`))
    .filter((version) => version !== null && semver.major(version) === line);
  return found.length === 0 ? null : semver.sort(found)[0].version;
}

function fail(message) {
  console.error(message);
  process.exit(1);
}
