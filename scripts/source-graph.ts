// The import graph of src/ (tests left out), read from the source text: files, the areas they
// belong to, and the imports between them. The architecture test checks its rules over it, and
// scripts/area-graph.ts prints the picture of the areas' dependencies that docs/architecture.md
// shows.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');

export interface SourceFile {
  path: string;
  /** Relative to the repository, with forward slashes: `src/areas/limits/limits.store.ts`. */
  name: string;
  text: string;
  /** The files of src/ it imports, by name. */
  imports: string[];
}

function sourcePaths(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcePaths(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The specifiers of every static, re-exported and dynamic import of a file. */
export function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;'"]*?from\s*['"]([^'"]+)['"]/g)) {
    found.push(match[1]!);
  }
  for (const match of text.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]!);
  return found;
}

const nameOf = (path: string) => relative(ROOT, path).split(sep).join('/');

export function readSource(root = ROOT): SourceFile[] {
  return sourcePaths(join(root, 'src')).map((path) => {
    const text = readFileSync(path, 'utf8');
    const imports = importsOf(text)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => nameOf(resolve(dirname(path), specifier)));
    return { path, name: nameOf(path), text, imports };
  });
}

/** A file's text with its comments removed, so that prose about SQL, routes or rules does not count. */
export const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/[^\n]*/g, '$1');

/** The area a file belongs to (`src/areas/<area>/...`), or null outside the areas. */
export const areaOf = (name: string): string | null => /^src\/areas\/([^/]+)\//.exec(name)?.[1] ?? null;

/** Every import cycle between files: the strongly connected components of more than one file. */
export function cycles(edges: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indices.get(next)!));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (edges.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!indices.has(node)) visit(node);
  return found;
}

export const fileEdges = (files: SourceFile[]) => new Map(files.map((file) => [file.name, file.imports]));

/** Which areas each area imports (through their modules), sorted. */
export function areaEdges(files: SourceFile[]): Map<string, string[]> {
  const edges = new Map<string, Set<string>>();
  for (const file of files) {
    const from = areaOf(file.name);
    if (!from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    for (const target of file.imports) {
      const to = areaOf(target);
      if (to && to !== from) edges.get(from)!.add(to);
    }
  }
  return new Map(
    [...edges].sort(([a], [b]) => a.localeCompare(b)).map(([area, to]) => [area, [...to].sort()]),
  );
}

/** The areas' dependencies as a Mermaid flowchart, each area pointing at the areas it uses. */
export function areaPicture(files: SourceFile[]): string {
  const lines = ['```mermaid', 'flowchart TD'];
  for (const [from, targets] of areaEdges(files)) {
    if (targets.length === 0) lines.push(`  ${from.replace(/-/g, '_')}[${from}]`);
    for (const to of targets)
      lines.push(`  ${from.replace(/-/g, '_')}[${from}] --> ${to.replace(/-/g, '_')}[${to}]`);
  }
  lines.push('```');
  return lines.join('\n');
}
