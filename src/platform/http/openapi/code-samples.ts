type Json = Record<string, unknown>;

/** One sample as the reference page shows it beside the generated curl, Python and Java ones. */
export type CodeSample = { lang: string; label: string; source: string };

const placeholder = (name: string) => (name === 'id' ? 'req_…' : `<${name}>`);

/** The value a sample shows for a parameter: its example, else a placeholder naming it. */
function sampleValue(parameter: Json): unknown {
  if (parameter.example !== undefined) return parameter.example;
  const schema = (parameter.schema ?? {}) as Json;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  // A number or a flag the compiler would refuse as a placeholder string: the least it takes.
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  if (schema.type === 'boolean') return true;
  return placeholder(String(parameter.name));
}

/** The first example of the JSON body, when the operation has one. */
function bodyExample(operation: Json): unknown {
  const content = ((operation.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>;
  const json = content['application/json'];
  if (!json) return undefined;
  const examples = json.examples as Record<string, { value?: unknown }> | undefined;
  const first = examples ? Object.values(examples)[0]?.value : undefined;
  return first ?? json.example ?? {};
}

/** A value as a TypeScript literal: JSON, with the keys that are names left unquoted. */
const literal = (value: unknown) =>
  JSON.stringify(value, null, 2).replace(/^(\s*)"([A-Za-z_$][\w$]*)":/gm, '$1$2:');

/**
 * The call through the typed client (`@funder-api/client`): the same path, parameters and body
 * the generated samples send, checked by the TypeScript compiler against the document. Required
 * query parameters only: the optional ones are in the parameter list beside it.
 */
export function typescriptSample(method: string, path: string, operation: Json): CodeSample {
  const parameters = ((operation.parameters ?? []) as Json[]).filter((p) => typeof p.name === 'string');
  const inPath = parameters.filter((p) => p.in === 'path');
  const inQuery = parameters.filter((p) => p.in === 'query' && p.required === true);
  const params: Json = {};
  if (inPath.length > 0) params.path = Object.fromEntries(inPath.map((p) => [p.name, sampleValue(p)]));
  if (inQuery.length > 0) params.query = Object.fromEntries(inQuery.map((p) => [p.name, sampleValue(p)]));
  const options: Json = {};
  if (Object.keys(params).length > 0) options.params = params;
  const body = bodyExample(operation);
  if (body !== undefined) options.body = body;
  const verb = method.toUpperCase();
  const args = [`'${path}'`];
  if (Object.keys(options).length > 0) args.push(literal(options));
  const call = `await client.${verb}(${args.join(', ')})`;
  const source = [
    "import { createClient, unwrap } from '@funder-api/client';",
    '',
    "const client = createClient({ baseUrl: 'http://localhost:8080', apiKey: process.env.FUNDER_API_KEY! });",
    '',
    `const data = unwrap(${call});`,
    '',
  ].join('\n');
  return { lang: 'typescript', label: 'TypeScript', source };
}
