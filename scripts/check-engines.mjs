// Fails when a package in the lockfile declares a Node.js range that the project's own lowest
// supported Node.js version does not satisfy (package.json "engines"). Run by CI.
import { readFileSync } from 'node:fs';
import semver from 'semver';

const project = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const lowest = semver.minVersion(project.engines.node);
if (!lowest) throw new Error(`package.json engines.node is not a range: ${project.engines.node}`);

const refused = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  const range = entry.engines?.node;
  if (path === '' || typeof range !== 'string') continue;
  if (!semver.satisfies(lowest, range, { includePrerelease: true })) {
    refused.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version}: node ${range}`);
  }
}
if (refused.length > 0) {
  console.error(`Packages that do not accept Node.js ${lowest}:\n  ${refused.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `Every locked package accepts Node.js ${lowest} (${Object.keys(lock.packages).length - 1} packages).`,
);
