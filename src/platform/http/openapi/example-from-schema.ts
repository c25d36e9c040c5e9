import { ex } from './examples.ts';

type Schema = Record<string, unknown>;

/**
 * A plausible example for a JSON schema, for the success answers that have no hand-written
 * one: every member filled, values chosen from the member's name and the schema's bounds.
 * The OpenAPI test validates each result against its schema, like the hand-written examples.
 */
export function exampleFromSchema(schema: Schema, resolve: (ref: string) => Schema | undefined): unknown {
  return build(schema, '', resolve, 0);
}

const uuidFor = (name: string): string => {
  if (name === 'request_id' || name === 'funding_request_id') return ex.requestId;
  if (name === 'bank_id' || name === 'assigned_bank_id') return ex.funderId;
  if (name === 'seller_id') return ex.sellerId;
  if (name === 'statement_id') return ex.statementId;
  if (name === 'settlement_id') return ex.settlementId;
  if (name === 'document_id') return ex.documentId;
  if (name === 'import_id') return ex.importId;
  if (name === 'offer_id') return ex.offerId;
  return ex.requestUuid;
};

function text(name: string, schema: Schema): string {
  const format = schema.format;
  if (format === 'uuid') return uuidFor(name);
  if (format === 'date-time') return ex.now;
  if (format === 'date') return ex.today;
  if (format === 'uri' || format === 'url' || name.endsWith('url')) return 'https://funder.example/path';
  if (format === 'email') return 'treasury@funder.example';
  let value = 'Example';
  if (/country$/.test(name)) value = 'ES';
  else if (name === 'currency') value = 'EUR';
  else if (/iban$/.test(name)) value = 'ES9121000418450200051332';
  else if (name === 'sha256' || name.endsWith('_sha256')) value = 'a'.repeat(64);
  else if (/(tax_id|nif)$/.test(name)) value = ex.debtorTaxId;
  else if (name === 'request_ref') value = ex.requestRef;
  else if (/company_name|seller_name/.test(name)) value = ex.sellerName;
  else if (/(debtor_name|customer_name)$/.test(name)) value = ex.debtorName;
  else if (name === 'name') value = ex.funderName;
  else if (name === 'status') value = 'funded';
  else if (name === 'api_version') value = '2026-09-23';
  else if (name === 'debtor_key') value = `ES:${ex.debtorTaxId}`;
  else if (/(reference|invoice_no|invoice_number)$/.test(name)) value = 'INV-2026-0193';
  else if (name === 'file_name') value = 'statement-2026-10-05.xml';
  else if (name === 'media_type') value = 'application/pdf';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  if (value.length < min) value = value.padEnd(min, 'x');
  return value.slice(0, max);
}

function number(name: string, schema: Schema, integer: boolean): number {
  let value: number;
  if (integer) value = /days/.test(name) ? 30 : 1;
  else if (name === 'rate') value = 2.4;
  else if (/pct$/.test(name)) value = 85;
  else if (name === 'confidence') value = 0.95;
  else if (/days/.test(name)) value = 34.5;
  else value = 12500;
  const min = schema.minimum ?? schema.exclusiveMinimum;
  if (typeof min === 'number' && value < min) value = integer ? Math.ceil(min) + 1 : min + 1;
  if (typeof schema.maximum === 'number' && value > schema.maximum) value = schema.maximum;
  return value;
}

function build(
  schema: Schema,
  name: string,
  resolve: (ref: string) => Schema | undefined,
  depth: number,
): unknown {
  if (depth > 12) return null;
  if (typeof schema.$ref === 'string') {
    const target = resolve(schema.$ref);
    return target ? build(target, name, resolve, depth + 1) : null;
  }
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(branches)) {
    const chosen = branches.find((branch) => branch.type !== 'null') ?? branches[0];
    return chosen ? build(chosen, name, resolve, depth + 1) : null;
  }
  if (Array.isArray(schema.allOf)) {
    return Object.assign(
      {},
      ...(schema.allOf as Schema[]).map((part) => build(part, name, resolve, depth + 1)),
    );
  }
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') ?? 'null') : schema.type;
  switch (type) {
    case 'object':
    case undefined: {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      if (type === undefined && Object.keys(properties).length === 0) return null;
      return Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [key, build(property, key, resolve, depth + 1)]),
      );
    }
    case 'array': {
      const items = (schema.items ?? {}) as Schema;
      const count = typeof schema.minItems === 'number' && schema.minItems > 1 ? schema.minItems : 1;
      const singular = name.endsWith('s') ? name.slice(0, -1) : name;
      return Array.from({ length: count }, () => build(items, singular, resolve, depth + 1));
    }
    case 'string':
      return text(name, schema);
    case 'integer':
      return number(name, schema, true);
    case 'number':
      return number(name, schema, false);
    case 'boolean':
      return /^(ok|valid|meets|required|payment_candidate)/.test(name);
    default:
      return null;
  }
}
