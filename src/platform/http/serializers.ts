import fastJsonStringify from 'fast-json-stringify';

/**
 * The serializers of the answers (set in app.ts): each route's response schema compiled by
 * fast-json-stringify, as Fastify does, from a copy of the schema simplified for writing.
 *
 * The schemas say more than writing needs: a nullable field is `anyOf: [X, null]` and an enum
 * of strings `anyOf` of constants (the document shows them that way). fast-json-stringify picks
 * the branch of an `anyOf` by validating the value against each option with Ajv, formats
 * included, for every field of every item: on a list of fifty requests that was a fifth of the
 * server's time per call (bench/README.md, "Request reads"). For writing, `anyOf: [X, null]` is X
 * marked `nullable` and a union of string constants is a string: the same JSON for every value
 * the route answers, written with a type check instead of a validation. The document, the
 * input validators and the contract keep the schemas as written.
 *
 * A schema is compiled once per process (the route schemas are constants): a second app built
 * in the same process reuses its serializers.
 */

type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isNull = (schema: unknown) =>
  isObject(schema) && schema.type === 'null' && Object.keys(schema).length === 1;

/** A string constant (`Type.Literal`): a union of them is written as a string. */
const isStringConstant = (schema: unknown) =>
  isObject(schema) && schema.type === 'string' && 'const' in schema;

/** The schema as the serializer needs it: nullable unions and string enums made plain. */
export function forWriting(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forWriting);
  if (!isObject(schema)) return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && isObject(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, forWriting(sub)]),
      );
    } else if (key === 'items' || key === 'additionalProperties' || key === 'anyOf' || key === 'oneOf') {
      out[key] = forWriting(value);
    } else {
      out[key] = value;
    }
  }
  const { anyOf: options, ...siblings } = out;
  if (!Array.isArray(options)) return out;
  const rest = options.filter((option) => !isNull(option));
  const nullable = rest.length === options.length - 1;
  if (rest.length === 1 && isObject(rest[0]) && !('anyOf' in rest[0]) && !('$ref' in rest[0]) && nullable) {
    return { ...rest[0], ...siblings, nullable: true };
  }
  if (rest.length > 0 && rest.every(isStringConstant)) {
    return { ...siblings, type: 'string', ...(nullable ? { nullable: true } : {}) };
  }
  return out;
}

type Serializer = (data: unknown) => string;
const compiled = new WeakMap<object, Serializer>();

/**
 * The serializer of one response schema. `shared` are the schemas the app added (by `$id`,
 * which a response may `$ref`).
 */
export function compileSerializer(schema: object, shared: Record<string, unknown>): Serializer {
  let serialize = compiled.get(schema);
  if (!serialize) {
    serialize = fastJsonStringify(forWriting(schema) as Parameters<typeof fastJsonStringify>[0], {
      schema: shared as Record<string, Parameters<typeof fastJsonStringify>[0]>,
    }) as Serializer;
    compiled.set(schema, serialize);
  }
  return serialize;
}
