/**
 * The contract of the OpenAPI document reduced to what a client depends on: per operation, its
 * parameters, request fields and answer fields with their types, and its error codes by status.
 * `test/openapi.contract.test.ts` compares it with the committed snapshot.
 */
type Json = Record<string, unknown>;

export interface OperationContract {
  operationId: string;
  parameters: Record<string, string>;
  request: Record<string, string>;
  responses: Record<string, Record<string, string>>;
  errors: Record<string, string[]>;
}

export type Contract = Record<string, OperationContract>;

/** A type as text: `string`, `integer`, `null|string`, `string<a|b>` for an enum, `any`. */
function typeOf(schema: Json, resolve: (ref: string) => Json): string {
  if (typeof schema.$ref === 'string') return typeOf(resolve(schema.$ref), resolve);
  if ('const' in schema)
    return `${typeof schema.const === 'string' ? 'string' : typeof schema.const}<${String(schema.const)}>`;
  const branches = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (Array.isArray(branches)) {
    const types = new Set<string>();
    const values: string[] = [];
    for (const branch of branches) {
      const type = typeOf(branch, resolve);
      const enumMatch = /^(\w+)<(.*)>$/.exec(type);
      if (enumMatch) {
        types.add(`${enumMatch[1]}<>`);
        values.push(...enumMatch[2]!.split('|'));
      } else types.add(type);
    }
    return [...types]
      .map((type) => (type.endsWith('<>') ? `${type.slice(0, -2)}<${values.sort().join('|')}>` : type))
      .sort()
      .join('|');
  }
  const types = Array.isArray(schema.type)
    ? (schema.type as string[])
    : schema.type
      ? [String(schema.type)]
      : [];
  if (Array.isArray(schema.enum)) {
    const base = types.filter((type) => type !== 'null')[0] ?? 'string';
    const values = (schema.enum as unknown[]).map(String).sort().join('|');
    return [...types.filter((type) => type === 'null'), `${base}<${values}>`].sort().join('|');
  }
  return types.length > 0 ? [...types].sort().join('|') : 'any';
}

function fields(
  schema: Json,
  prefix: string,
  resolve: (ref: string) => Json,
  out: Record<string, string>,
  depth = 0,
): void {
  if (depth > 10) return;
  if (typeof schema.$ref === 'string') {
    fields(resolve(schema.$ref), prefix, resolve, out, depth + 1);
    return;
  }
  const discriminator = schema.discriminator as Json | undefined;
  const union = (schema.anyOf ?? schema.oneOf ?? []) as Json[];
  if (discriminator && union.length > 0) {
    // Each branch on its own: `(decision=offer).rate`, so a field of one branch cannot hide
    // another branch's field of the same name.
    const property = String(discriminator.propertyName);
    for (const branch of union) {
      const resolved = typeof branch.$ref === 'string' ? resolve(branch.$ref) : branch;
      const tagSchema = ((resolved.properties ?? {}) as Record<string, Json>)[property] ?? {};
      const tag = typeOf(tagSchema, resolve).replace(/^\w+<(.*)>$/, '$1');
      fields(resolved, `${prefix}(${property}=${tag})`, resolve, out, depth + 1);
    }
    if (prefix) out[prefix] = typeOf(schema, resolve);
    return;
  }
  const branches = [...union, ...((schema.allOf ?? []) as Json[])];
  for (const branch of branches) fields(branch, prefix, resolve, out, depth + 1);
  if (prefix) out[prefix] = typeOf(schema, resolve);
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
    fields(property, prefix ? `${prefix}.${name}` : name, resolve, out, depth + 1);
  }
  if (schema.items) fields(schema.items as Json, `${prefix}[]`, resolve, out, depth + 1);
}

/**
 * A copy of the document with the shared error answers (`components.responses`) and examples
 * (`components.examples`) written out in each operation again, as a reader of one operation sees
 * them: the tests then read an operation's answers in one place.
 */
export function withSharedAnswersInline<T>(doc: T): T {
  const copy = structuredClone(doc) as Json;
  const components = (copy.components ?? {}) as Record<string, Record<string, Json>>;
  const resolve = (value: Json, kind: 'responses' | 'examples'): Json => {
    const ref = value.$ref;
    if (typeof ref !== 'string') return value;
    const name = ref.replace(`#/components/${kind}/`, '');
    const target = components[kind]?.[name];
    if (!target) throw new Error(`${ref} does not resolve`);
    return structuredClone(target);
  };
  for (const methods of Object.values((copy.paths ?? {}) as Record<string, Record<string, Json>>)) {
    for (const operation of Object.values(methods)) {
      const responses = (operation.responses ?? {}) as Record<string, Json>;
      for (const [status, response] of Object.entries(responses)) {
        const resolved = resolve(response, 'responses');
        for (const media of Object.values((resolved.content ?? {}) as Record<string, Json>)) {
          const examples = media.examples as Record<string, Json> | undefined;
          if (!examples) continue;
          for (const [name, example] of Object.entries(examples))
            examples[name] = resolve(example, 'examples');
        }
        responses[status] = resolved;
      }
    }
  }
  return copy as T;
}

export function contractOf(document: Json): Contract {
  const doc = withSharedAnswersInline(document);
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  const resolve = (ref: string) => schemas[ref.replace('#/components/schemas/', '')] ?? {};
  const contract: Contract = {};
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters: Record<string, string> = {};
      for (const parameter of (operation.parameters ?? []) as Json[]) {
        if (parameter.$ref) continue;
        parameters[`${String(parameter.in)}.${String(parameter.name)}`] = typeOf(
          parameter.schema as Json,
          resolve,
        );
      }
      const request: Record<string, string> = {};
      const content = ((operation.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>;
      for (const [mediaType, media] of Object.entries(content)) {
        fields(media.schema as Json, '', resolve, request);
        request[`(${mediaType})`] = typeOf(media.schema as Json, resolve);
      }
      const responses: Record<string, Record<string, string>> = {};
      const errors: Record<string, string[]> = {};
      for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
        const json = ((response.content ?? {}) as Record<string, Json>)['application/json'];
        if (!status.startsWith('2')) {
          const members = (((json?.schema as Json)?.properties as Json)?.error as Json)?.properties as
            | Record<string, { enum?: string[] }>
            | undefined;
          errors[status] = [...(members?.code?.enum ?? [])].sort();
          continue;
        }
        const out: Record<string, string> = {};
        if (json) fields(json.schema as Json, '', resolve, out);
        for (const mediaType of Object.keys((response.content ?? {}) as Json)) out[`(${mediaType})`] = 'body';
        responses[status] = out;
      }
      contract[`${method.toUpperCase()} ${path}`] = {
        operationId: String(operation.operationId),
        parameters,
        request,
        responses,
        errors,
      };
    }
  }
  return contract;
}

export interface ContractChanges {
  /** What a v1 client may rely on and is gone or changed: never allowed within v1. */
  breaking: string[];
  /** What is new: allowed, to be recorded in the snapshot. */
  added: string[];
}

const enumParts = (type: string) =>
  type.split(/\|(?![^<]*>)/).map((part) => /^(\w+)(?:<(.*)>)?$/.exec(part) ?? ['', part, undefined]);

/**
 * Same type, or compatible for a v1 client: a field typed `any` in the snapshot (read by hand
 * in the service) may become precisely typed, and an enum may gain values.
 */
function sameType(before: string, now: string): boolean {
  if (before === now || before === 'any') return true;
  const was = enumParts(before);
  const is = enumParts(now);
  if (was.length !== is.length) return false;
  return was.every(([, base, values], i) => {
    const [, nowBase, nowValues] = is[i]!;
    if (base !== nowBase || (values === undefined) !== (nowValues === undefined)) return false;
    if (values === undefined) return true;
    const allowed = new Set((nowValues ?? '').split('|'));
    return values.split('|').every((value) => allowed.has(value));
  });
}

export function compareContracts(snapshot: Contract, current: Contract): ContractChanges {
  const breaking: string[] = [];
  const added: string[] = [];
  const compareFields = (where: string, before: Record<string, string>, now: Record<string, string>) => {
    for (const [field, type] of Object.entries(before)) {
      if (!(field in now)) breaking.push(`${where} ${field} (${type}) disappeared`);
      else if (!sameType(type, now[field]!))
        breaking.push(`${where} ${field} changed type from ${type} to ${now[field]}`);
      else if (type !== now[field]) added.push(`${where} ${field} widened from ${type} to ${now[field]}`);
    }
    for (const [field, type] of Object.entries(now))
      if (!(field in before)) added.push(`${where} ${field} (${type})`);
  };
  for (const [name, before] of Object.entries(snapshot)) {
    const now = current[name];
    if (!now) {
      breaking.push(`${name} disappeared`);
      continue;
    }
    if (now.operationId !== before.operationId) {
      breaking.push(`${name} operationId changed from ${before.operationId} to ${now.operationId}`);
    }
    compareFields(`${name} parameter`, before.parameters, now.parameters);
    compareFields(`${name} request`, before.request, now.request);
    for (const [status, answer] of Object.entries(before.responses)) {
      if (!now.responses[status]) breaking.push(`${name} answer ${status} disappeared`);
      else compareFields(`${name} answer ${status}`, answer, now.responses[status]!);
    }
    for (const status of Object.keys(now.responses)) {
      if (!before.responses[status]) added.push(`${name} answer ${status}`);
    }
    for (const [status, codes] of Object.entries(before.errors)) {
      for (const code of codes) {
        if (!now.errors[status]?.includes(code))
          breaking.push(`${name} error ${code} (${status}) disappeared`);
      }
    }
    for (const [status, codes] of Object.entries(now.errors)) {
      for (const code of codes)
        if (!before.errors[status]?.includes(code)) added.push(`${name} error ${code} (${status})`);
    }
  }
  for (const name of Object.keys(current)) if (!snapshot[name]) added.push(`${name} (new operation)`);
  return { breaking, added };
}
