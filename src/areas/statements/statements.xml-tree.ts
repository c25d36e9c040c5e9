import { XMLParser } from 'fast-xml-parser';
import { clean } from './statements.parsed.ts';

/**
 * Reading XML safely and cheaply for statements: fast-xml-parser with entity processing off
 * (the caller refuses any DOCTYPE or ENTITY before parsing), and small accessors over the
 * ordered tree it builds.
 */

/** An element of the ordered tree: `{ Tag: children, ':@': attributes }`, or a text `{ '#text': ... }`. */
export type Node = Record<string, unknown>;

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The five predefined entities and numeric references; anything else is left as written. */
export function decodeXmlText(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9A-Fa-f]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);/g, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return PREDEFINED[name] ?? whole;
  });
}

const options = {
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: false,
  htmlEntities: false,
  captureMetaData: true,
  // The tree as the parser builds it (each element a list of children, in order): it skips
  // the conversion to plain objects, which costs a third of the parse on a big statement.
  preserveOrder: true,
  // Callbacks get a matcher instead of a path string: noticeably faster on big files.
  jPath: false,
} as const;
/**
 * The document is read in two steps: first its skeleton, each entry (Ntry) kept as raw text;
 * then one entry at a time. Memory holds one entry's tree at a time instead of the whole
 * statement's, which also keeps the garbage collector's work small.
 */
export const skeletonParser = new XMLParser({ ...options, stopNodes: ['*.Ntry'] });
export const entryParser = new XMLParser(options);
const META = XMLParser.getMetaDataSymbol();

/** The element's name: its one key besides the attributes. */
export function tagOf(node: Node): string | null {
  for (const key in node) if (key !== ':@') return key;
  return null;
}

export function kids(node: Node | undefined): Node[] {
  if (!node) return [];
  const tag = tagOf(node);
  const children = tag === null ? undefined : node[tag];
  return Array.isArray(children) ? (children as Node[]) : [];
}

/** Every child element of that name. */
export function all(node: Node | undefined, name: string): Node[] {
  return kids(node).filter((child) => name in child);
}

/** A descendant element, following a path of names: `at(entry, 'BookgDt', 'Dt')`. */
export function at(node: Node | undefined, ...path: string[]): Node | undefined {
  let current = node;
  for (const name of path) {
    current = kids(current).find((child) => name in child);
    if (!current) return undefined;
  }
  return current;
}

/** The text of an element ('' when it holds only elements), decoded; null when there is no element. */
export function textOf(node: Node | undefined): string | null {
  if (!node) return null;
  let text = '';
  for (const child of kids(node)) if ('#text' in child) text += String(child['#text']);
  return decodeXmlText(text);
}

export const textAt = (node: Node | undefined, ...path: string[]): string | null =>
  clean(textOf(at(node, ...path)));

/** The raw (undecoded) text an element holds: a stop node's content. */
export function textOfRaw(node: Node): string {
  let text = '';
  for (const child of kids(node)) if ('#text' in child) text += String(child['#text']);
  return text;
}

/** The texts of every child of that name, e.g. every Ustrd. */
export const texts = (node: Node | undefined, name: string): string[] =>
  all(node, name)
    .map((child) => clean(textOf(child)))
    .filter((text): text is string => text !== null);

export function attribute(node: Node | undefined, name: string): string | null {
  const attributes = node?.[':@'] as Record<string, unknown> | undefined;
  const value = attributes?.[`@_${name}`];
  return typeof value === 'string' ? decodeXmlText(value) : null;
}

export function startOf(node: Node | undefined): number | null {
  const meta = node?.[META as unknown as string] as { startIndex?: number } | undefined;
  return typeof meta?.startIndex === 'number' ? meta.startIndex : null;
}
