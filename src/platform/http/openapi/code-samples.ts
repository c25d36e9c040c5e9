type Json = Record<string, unknown>;

/**
 * The address every sample calls: the service's local default, which is also the default of
 * the document's `base_url` server variable. The reference page puts the address it was served
 * from in its place (reference-page.ts); the tests put a test service's.
 */
export const LOCAL_BASE_URL = 'http://localhost:8080';

/** One sample of an operation as the reference page shows it (curl, TypeScript, Python, Java). */
export type CodeSample = { lang: string; label: string; source: string };

/**
 * A parameter with no example: its name in capitals (`ID`, `DELIVERY_ID`), the same in every
 * language, which each URL parser takes as it is and a reader sees to replace.
 */
const placeholder = (name: string) => name.toUpperCase();

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
    `const client = createClient({ baseUrl: '${LOCAL_BASE_URL}', apiKey: process.env.FUNDER_API_KEY! });`,
    '',
    `const data = unwrap(${call});`,
    '',
  ].join('\n');
  return { lang: 'typescript', label: 'TypeScript', source };
}

/**
 * What a sample for an HTTP library sends: the method, the address (path values and required
 * query values in place), whether it carries the key and an Idempotency-Key, and the body.
 */
interface Call {
  method: string;
  url: string;
  keyed: boolean;
  idempotent: boolean;
  body: unknown;
}

/** A value in an address: its example (encoded), else its placeholder. */
const urlValue = (parameter: Json): string => encodeURIComponent(String(sampleValue(parameter)));

function callOf(method: string, path: string, operation: Json): Call {
  const parameters = ((operation.parameters ?? []) as Json[]).filter((p) => typeof p.name === 'string');
  let url = path;
  for (const p of parameters.filter((p) => p.in === 'path')) url = url.replace(`{${p.name}}`, urlValue(p));
  const query = parameters
    .filter((p) => p.in === 'query' && p.required === true)
    .map((p) => `${encodeURIComponent(String(p.name))}=${urlValue(p)}`);
  if (query.length > 0) url += `?${query.join('&')}`;
  const refs = ((operation.parameters ?? []) as Json[]).map((p) => p.$ref);
  return {
    method: method.toUpperCase(),
    url: `${LOCAL_BASE_URL}${url}`,
    keyed: Array.isArray(operation.security) && operation.security.length > 0,
    idempotent: refs.includes('#/components/parameters/IdempotencyKey'),
    body: bodyExample(operation),
  };
}

const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * The call with curl: `--fail-with-body` so that an error ends the command with a failure while
 * still printing the error's envelope. The Idempotency-Key is a new random one each run.
 */
export function curlSample(method: string, path: string, operation: Json): CodeSample {
  const call = callOf(method, path, operation);
  const first = ['curl -sS --fail-with-body'];
  if (call.method !== 'GET') first.push(`-X ${call.method}`);
  first.push(shellQuote(call.url));
  const lines = [first.join(' ')];
  if (call.keyed) lines.push('-H "Authorization: Bearer $FUNDER_API_KEY"');
  if (call.idempotent) lines.push('-H "Idempotency-Key: $(openssl rand -hex 16)"');
  if (call.body !== undefined) {
    lines.push("-H 'Content-Type: application/json'");
    lines.push(`-d ${shellQuote(JSON.stringify(call.body, null, 2))}`);
  }
  return { lang: 'shell', label: 'curl', source: `${lines.join(' \\\n  ')}\n` };
}

/** A JSON value as a Python literal (`True`, `False`, `None`; strings as JSON writes them). */
function pythonLiteral(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value !== 'object') return JSON.stringify(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${inner}${pythonLiteral(v, inner)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Json);
  if (entries.length === 0) return '{}';
  const members = entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${pythonLiteral(v, inner)},`);
  return `{\n${members.join('\n')}\n${indent}}`;
}

/**
 * The call with Python's standard library only (`urllib.request`, `json`): it runs wherever
 * `python3` does, with nothing to install. Prints the status and the answer, the error's
 * envelope included.
 */
export function pythonSample(method: string, path: string, operation: Json): CodeSample {
  const call = callOf(method, path, operation);
  const imports = ['urllib.error', 'urllib.request'];
  if (call.body !== undefined) imports.push('json');
  if (call.keyed) imports.push('os');
  if (call.idempotent) imports.push('uuid');
  const headers: string[] = [];
  if (call.keyed) headers.push('"Authorization": "Bearer " + os.environ["FUNDER_API_KEY"],');
  if (call.idempotent) headers.push('"Idempotency-Key": str(uuid.uuid4()),');
  if (call.body !== undefined) headers.push('"Content-Type": "application/json",');
  const lines = [
    ...imports.sort().map((name) => `import ${name}`),
    '',
    ...(call.body === undefined ? [] : [`body = ${pythonLiteral(call.body)}`, '']),
    'request = urllib.request.Request(',
    `    ${JSON.stringify(call.url)},`,
    `    method="${call.method}",`,
    ...(headers.length === 0 ? [] : ['    headers={', ...headers.map((h) => `        ${h}`), '    },']),
    ...(call.body === undefined ? [] : ['    data=json.dumps(body).encode(),']),
    ')',
    '',
    'try:',
    '    with urllib.request.urlopen(request) as response:',
    '        print(response.status, response.read().decode())',
    'except urllib.error.HTTPError as error:',
    '    # The error envelope: {"error": {"code": ..., "message": ..., "request_id": ...}}',
    '    print(error.code, error.read().decode())',
    '',
  ];
  return { lang: 'python', label: 'Python', source: lines.join('\n') };
}

const javaString = (text: string) =>
  JSON.stringify(text).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/**
 * The call with `java.net.http.HttpClient` (JDK 11 and later), as a single-file program
 * (`java Sample.java`). Prints the status and the answer, the error's envelope included.
 */
export function javaSample(method: string, path: string, operation: Json): CodeSample {
  const call = callOf(method, path, operation);
  const body =
    call.body === undefined
      ? []
      : [
          '    String body = ""',
          ...JSON.stringify(call.body, null, 2)
            .split('\n')
            .map(
              (line, at, all) =>
                `        + ${javaString(at < all.length - 1 ? `${line}\n` : line)}${at === all.length - 1 ? ';' : ''}`,
            ),
        ];
  const publisher =
    call.body === undefined
      ? 'HttpRequest.BodyPublishers.noBody()'
      : 'HttpRequest.BodyPublishers.ofString(body)';
  const verb =
    call.method === 'GET'
      ? '.GET()'
      : call.method === 'DELETE' && call.body === undefined
        ? '.DELETE()'
        : `.method("${call.method}", ${publisher})`;
  const builder = [`    HttpRequest request = HttpRequest.newBuilder(URI.create(${javaString(call.url)}))`];
  if (call.keyed)
    builder.push('        .header("Authorization", "Bearer " + System.getenv("FUNDER_API_KEY"))');
  if (call.idempotent) builder.push('        .header("Idempotency-Key", UUID.randomUUID().toString())');
  if (call.body !== undefined) builder.push('        .header("Content-Type", "application/json")');
  builder.push(`        ${verb}`, '        .build();');
  const lines = [
    'import java.net.URI;',
    'import java.net.http.HttpClient;',
    'import java.net.http.HttpRequest;',
    'import java.net.http.HttpResponse;',
    ...(call.idempotent ? ['import java.util.UUID;'] : []),
    '',
    'public class Sample {',
    '  public static void main(String[] args) throws Exception {',
    ...body,
    ...builder,
    '    HttpResponse<String> response =',
    '        HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());',
    '    // Any answer but 2xx carries the error envelope: {"error": {"code": ..., "message": ...}}',
    '    System.out.println(response.statusCode() + " " + response.body());',
    '  }',
    '}',
    '',
  ];
  return { lang: 'java', label: 'Java', source: lines.join('\n') };
}

/** Every sample of an operation, in the order the page lists them (the first is shown first). */
export function codeSamples(method: string, path: string, operation: Json): CodeSample[] {
  return [
    curlSample(method, path, operation),
    typescriptSample(method, path, operation),
    pythonSample(method, path, operation),
    javaSample(method, path, operation),
  ];
}
