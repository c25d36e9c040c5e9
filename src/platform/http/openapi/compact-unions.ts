import { isObject, type Body as Json } from '../../validate.ts';

/** The one string a branch allows when it says nothing else (`{type: 'string', enum: [value]}`). */
function singleString(branch: unknown): string | undefined {
  if (!isObject(branch) || Object.keys(branch).sort().join(',') !== 'enum,type' || branch.type !== 'string') {
    return undefined;
  }
  const values = branch.enum;
  return Array.isArray(values) && values.length === 1 && typeof values[0] === 'string'
    ? values[0]
    : undefined;
}

/** What a scalar branch may say besides its type, and still be written with `null` as one schema. */
const SCALAR_WORDS = new Set([
  'type',
  'format',
  'description',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'examples',
]);
const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean']);

const isNull = (branch: unknown) =>
  isObject(branch) && Object.keys(branch).join() === 'type' && branch.type === 'null';
const isPlainScalar = (branch: unknown): branch is Json =>
  isObject(branch) &&
  SCALAR_TYPES.has(branch.type as string) &&
  Object.keys(branch).every((word) => SCALAR_WORDS.has(word));

/** Keys whose values are examples or samples, not schemas: left as they are. */
const NOT_SCHEMAS = new Set(['example', 'examples', 'x-codeSamples']);

/**
 * Writes two kinds of union the schemas' builder makes as the one schema they mean, everywhere
 * in the document: a union of single strings (TypeBox's union of literals: `anyOf` of
 * `{type: 'string', enum: ['receipt']}`, a branch per value) as one `enum`, and a plain scalar or
 * null (`anyOf: [{type: 'string', format: 'date-time'}, {type: 'null'}]`) as
 * `{type: ['string', 'null'], format: 'date-time'}`. The same values are allowed, a reader sees
 * one list of values or one nullable type instead of branches, a generated client the same
 * types; the document has fewer nodes for the reference page to walk.
 */
export function compactUnions(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) compactUnions(item);
    return;
  }
  if (!isObject(node)) return;
  for (const word of ['anyOf', 'oneOf']) {
    const branches = node[word];
    if (!Array.isArray(branches) || branches.length < 2 || 'type' in node || 'enum' in node) continue;
    const values = branches.map(singleString);
    if (values.every((value) => value !== undefined)) {
      delete node[word];
      Object.assign(node, { type: 'string', enum: values });
      continue;
    }
    const scalar = branches.find((branch) => !isNull(branch));
    const clash = isObject(scalar) && Object.keys(scalar).some((key) => key in node);
    if (branches.length === 2 && branches.some(isNull) && isPlainScalar(scalar) && !clash) {
      delete node[word];
      const types = branches.map((branch) => (branch === scalar ? scalar.type : 'null'));
      Object.assign(node, { ...scalar, type: types });
    }
  }
  for (const [key, inner] of Object.entries(node)) {
    if (!NOT_SCHEMAS.has(key)) compactUnions(inner);
  }
}
