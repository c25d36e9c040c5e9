// Figures of the source's shape, for reviews of the structure: files over 400 lines, the longest
// functions (and those outside route declarations), import cycles between files and between areas, and imports of another area that do
// not go through its module. Tests are left out.
//   node bin/run-ts.mjs scripts/source-metrics.ts
import ts from 'typescript';
import { areaEdges, areaOf, cycles, fileEdges, readSource } from './source-graph.ts';

const files = readSource();
const lines = (text: string) => text.split('\n').length;

const long = files.filter((file) => lines(file.text) > 400).map((file) => `${file.name} ${lines(file.text)}`);

const functions: { name: string; lines: number }[] = [];
for (const file of files) {
  const source = ts.createSourceFile(file.name, file.text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const named = ts.isVariableDeclaration(node.parent)
        ? node.parent.name.getText()
        : (node.name?.getText() ?? '(anonymous)');
      functions.push({ name: `${file.name}:${start + 1} ${named}`, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
functions.sort((a, b) => b.lines - a.lines);

const outsideModules = files.flatMap((file) =>
  file.imports
    .filter((target) => {
      const from = areaOf(file.name);
      const to = areaOf(target);
      return from && to && from !== to && !target.endsWith(`/${to}.module.ts`);
    })
    .map((target) => `${file.name} -> ${target}`),
);

const report = {
  filesOver400Lines: long,
  longestFunctions: functions.filter((f, i) => i < 5 || f.lines > 120).map((f) => `${f.name} ${f.lines}`),
  // Route declarations carry each operation's OpenAPI text inline: the rules are measured apart.
  longestOutsideRouteDeclarations: functions
    .filter((f) => !f.name.split(':')[0]!.endsWith('routes.ts'))
    .slice(0, 5)
    .map((f) => `${f.name} ${f.lines}`),
  fileCycles: cycles(fileEdges(files)),
  areaCycles: cycles(areaEdges(files)),
  crossAreaImportsOutsideModules: outsideModules.length,
};
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
