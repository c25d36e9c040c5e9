import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { ErrorCode } from '../../errors.ts';
import type { EventRegistry } from '../../events.ts';
import { API_VERSION } from '../../version.ts';
import { COMPONENT } from '../input.ts';
import { codeSamples, LOCAL_BASE_URL } from './code-samples.ts';
import { compactUnions } from './compact-unions.ts';
import { errorMeanings } from './error-meanings.ts';
import { exampleFromSchema } from './example-from-schema.ts';
import { introduction, RATE_LIMIT_FIELDS_UNTIL } from './introduction.ts';
import { type DocumentedOperation, type OperationRegistry, statusOf } from './registry.ts';
import { shareErrorAnswers } from './shared-errors.ts';
import { shareAnswerExamples, shareSchemas } from './shared-schemas.ts';
import { type OperationDoc, TAGS } from './types.ts';
import { webhookHeaders, webhooksSection } from './webhook-events.ts';

type Json = Record<string, unknown>;

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** Said of the draft's sixth-revision fields, which stay for one deprecation period. */
const DEPRECATED_FIELD = `Deprecated: the IETF draft's sixth revision, sent at least until ${RATE_LIMIT_FIELDS_UNTIL}; read \`RateLimit\` instead.`;

const headers = {
  RequestId: {
    description:
      'The id the service made for this call; quote it to support. Also `request_id` in an error. An `X-Request-Id` sent by the caller never replaces it (it is echoed in `Client-Request-Id`).',
    schema: { type: 'string', format: 'uuid' },
  },
  RateLimitPolicy: {
    description:
      'The key\'s quota policies, a structured-field List (RFC 9651) as the current IETF draft `draft-ietf-httpapi-ratelimit-headers` writes it: one item per window, named by a String (`minute`, `hour`), with `q` (the calls it allows) and `w` (its length in seconds). For example `"minute";q=120;w=60, "hour";q=3000;w=3600`. The same on every answer while the key\'s limits stay the same.',
    schema: { type: 'string' },
    example: '"minute";q=120;w=60, "hour";q=3000;w=3600',
  },
  RateLimit: {
    description:
      'What is left of each window, a structured-field List (RFC 9651) as the current draft writes it: one item per window of `RateLimit-Policy`, by the same name, with `r` (the calls left) and `t` (the seconds until the window starts again). For example `"minute";r=117;t=42, "hour";r=2997;t=1842`. On a 429, `Retry-After` is the longest `t` of the windows with `r=0`.',
    schema: { type: 'string' },
    example: '"minute";r=117;t=42, "hour";r=2997;t=1842',
  },
  RateLimitLimit: {
    description: `${DEPRECATED_FIELD} Calls allowed in the window closest to its limit (its \`q\`).`,
    schema: { type: 'integer', minimum: 0 },
    deprecated: true,
  },
  RateLimitRemaining: {
    description: `${DEPRECATED_FIELD} Calls left in that window (its \`r\`).`,
    schema: { type: 'integer', minimum: 0 },
    deprecated: true,
  },
  RateLimitReset: {
    description: `${DEPRECATED_FIELD} Seconds until that window starts again (its \`t\`).`,
    schema: { type: 'integer', minimum: 0 },
    deprecated: true,
  },
  RetryAfter: {
    description: 'Seconds to wait before sending the call again.',
    schema: { type: 'integer', minimum: 0 },
  },
  IdempotentReplayed: {
    description:
      '`true` when this answer is the stored answer of an earlier call with the same `Idempotency-Key`.',
    schema: { type: 'string', enum: ['true'] },
  },
} as const;

/** The rate-limit fields of an answer to a key's call: the current draft's two, then the old three. */
const rateLimitHeaders: Json = {
  'RateLimit-Policy': ref('headers', 'RateLimitPolicy'),
  RateLimit: ref('headers', 'RateLimit'),
  'RateLimit-Limit': ref('headers', 'RateLimitLimit'),
  'RateLimit-Remaining': ref('headers', 'RateLimitRemaining'),
  'RateLimit-Reset': ref('headers', 'RateLimitReset'),
};

const idempotencyKey = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
  example: '7f4c1d2e-order-0042-offer',
};

const scopesText = (scopes: readonly string[]): string =>
  scopes.length === 0
    ? '**Scopes:** any valid key of your funder; no particular scope is needed.'
    : `**Scopes:** any one of ${scopes.map((scope) => `\`${scope}\``).join(', ')}.`;

const plain = (markdown: string) => markdown.replace(/`/g, '');

/** Members some codes add to the error object, next to code and message. */
const extraMembers: Partial<Record<ErrorCode, Record<string, Json>>> = {
  rate_limited: {
    retry_after_seconds: {
      type: 'integer',
      minimum: 0,
      description: 'Seconds to wait, as in `Retry-After`.',
    },
    limit: {
      type: 'integer',
      minimum: 0,
      description: 'Calls allowed in the window the call waits for (the one `Retry-After` counts down).',
    },
    window_seconds: { type: 'integer', minimum: 1, description: 'Length of that window in seconds.' },
  },
  debtor_not_eligible_for_funder: {
    debtors: {
      type: 'array',
      description: 'The debtors not on your list: `name`, `debtor_key`, `reason`, `invoices`.',
      items: { type: 'object' },
    },
  },
  documents_missing_for_funder: {
    documents: {
      type: 'array',
      description: 'The documents missing, unverified or expired.',
      items: { type: 'object' },
    },
  },
};

/** The error envelope of one status, with the codes this operation answers under it. */
function errorSchema(codes: ErrorCode[]): Json {
  const extra = Object.assign({}, ...codes.map((code) => extraMembers[code] ?? {}));
  return {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: { type: 'string', enum: codes, description: 'Stable machine-readable code.' },
          message: { type: 'string', description: 'For people; may change.' },
          request_id: { type: 'string', format: 'uuid', description: 'The `Request-Id` of the call.' },
          field: {
            type: ['string', 'null'],
            description: 'For a bad input: the path of the member at fault, when known.',
          },
          ...extra,
        },
        additionalProperties: true,
      },
    },
  };
}

function errorResponse(status: number, codes: ErrorCode[]): Json {
  const lines = codes.map((code) => `- \`${code}\`: ${errorMeanings[code]}`);
  const responseHeaders: Json = { 'Request-Id': ref('headers', 'RequestId') };
  if (status === 429) {
    responseHeaders['Retry-After'] = ref('headers', 'RetryAfter');
    // Every documented operation takes a key: a refusal of the key's limits carries its fields
    // (a refusal of repeated bad keys, where no key was counted, does not).
    Object.assign(responseHeaders, rateLimitHeaders);
  }
  if (status === 405)
    responseHeaders.Allow = { description: 'The methods the path takes.', schema: { type: 'string' } };
  const examples = Object.fromEntries(
    codes.map((code) => {
      const error: Json = {
        code,
        message: plain(errorMeanings[code]),
        request_id: '1c9e7a52-3f0d-4b6e-8a2c-5d7f9b1e4a63',
      };
      if (code === 'rate_limited')
        Object.assign(error, { retry_after_seconds: 17, limit: 120, window_seconds: 60 });
      return [code, { summary: code, value: { error } }];
    }),
  );
  return {
    description: lines.join('\n'),
    headers: responseHeaders,
    content: {
      'application/json': {
        schema: errorSchema(codes),
        examples,
      },
    },
  };
}

/** What a success status of an operation means: its own words, or the operation's one sentence. */
function successOf(meta: OperationDoc, status: string): string {
  if (typeof meta.success === 'string') return meta.success;
  const words = meta.success[status];
  if (words === undefined) throw new Error(`${meta.operationId}: no success description for ${status}`);
  return words;
}

function successHeaders(operation: DocumentedOperation): Json {
  const out: Json = { 'Request-Id': ref('headers', 'RequestId') };
  if (operation.traits.auth === 'key') {
    Object.assign(out, rateLimitHeaders);
    if (operation.traits.method === 'POST' || operation.traits.method === 'PUT') {
      out['Idempotent-Replayed'] = ref('headers', 'IdempotentReplayed');
    }
  }
  return out;
}

function documentOperation(raw: Json, operation: DocumentedOperation, doc: Json): Json {
  const { doc: meta, traits, codes, scopes } = operation;
  const description = [
    meta.description,
    scopes ? scopesText(scopes) : '**No key:** this operation is public.',
  ].join('\n\n');
  const resolve = (target: string) =>
    ((doc.components as Json | undefined)?.schemas as Record<string, Json> | undefined)?.[
      target.replace('#/components/schemas/', '')
    ];

  const responses: Json = {};
  const rawResponses = (raw.responses ?? {}) as Record<string, Json>;
  for (const [status, response] of Object.entries(rawResponses)) {
    if (!/^2\d\d$/.test(status)) continue;
    const content = response.content as Record<string, Json> | undefined;
    const json = content?.['application/json'];
    const examples = meta.responseExamples?.[status];
    if (json) {
      json.examples = examples ?? {
        example: { summary: 'Example', value: exampleFromSchema(json.schema as Json, resolve) },
      };
    }
    responses[status] = {
      ...response,
      description: successOf(meta, status),
      headers: successHeaders(operation),
    };
  }
  if (meta.successMedia) {
    responses[meta.successMedia.status] = {
      description: successOf(meta, meta.successMedia.status),
      headers: successHeaders(operation),
      content: {
        [meta.successMedia.mediaType]: {
          schema: { type: 'string', contentMediaType: meta.successMedia.mediaType },
        },
      },
    };
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = statusOf(operation, code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    responses[String(status)] = errorResponse(status, byStatus.get(status)!);
  }

  const parameters = [...((raw.parameters as Json[] | undefined) ?? [])];
  if (traits.auth === 'key' && (traits.method === 'POST' || traits.method === 'PUT')) {
    parameters.push(ref('parameters', 'IdempotencyKey'));
  }
  const requestBody = raw.requestBody as Json | undefined;
  const jsonBody = (requestBody?.content as Record<string, Json> | undefined)?.['application/json'];
  if (jsonBody && meta.requestExamples) jsonBody.examples = meta.requestExamples;
  // A body the route lets the caller leave out is not a required one.
  if (requestBody && traits.optionalBody) requestBody.required = false;

  const { summary: _summary, tags: _tags, description: _description, ...rest } = raw;
  return {
    operationId: meta.operationId,
    ...(traits.auth === 'key' ? {} : { security: [] }),
    summary: meta.summary,
    description,
    tags: [meta.tag],
    ...rest,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    'x-error-codes': codes,
  };
}

/** The document's frame (info, servers, tags, shared components) and its per-operation pass. */
/**
 * A copy of a request body where each discriminated union has named branches: a branch built
 * with a component name (`Fields(..., { component })`) moves to `components.schemas` under that
 * name and the union refers to it, with the discriminator's `mapping` from each tag to its
 * branch, so generated clients get one type per branch. A union whose branches are not all
 * named loses its discriminator instead (OpenAPI lets one select `$ref` branches only). A copy,
 * because the route's schema objects are the ones the validator compiled.
 */
function withNamedBranches(node: unknown, schemas: Json): Json {
  const copy = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(copy);
    if (value === null || typeof value !== 'object') return value;
    const out = Object.fromEntries(
      Object.entries(value as Json)
        .filter(([key]) => key !== COMPONENT)
        .map(([key, v]) => [key, copy(v)]),
    ) as Json;
    const discriminator = (value as Json).discriminator as Json | undefined;
    const key = (value as Json).anyOf ? 'anyOf' : (value as Json).oneOf ? 'oneOf' : null;
    if (!discriminator || !key) return out;
    const branches = (value as Json)[key] as Json[];
    const named = branches.every((b) => typeof b[COMPONENT] === 'string');
    if (!named) {
      delete out.discriminator;
      return out;
    }
    const property = String(discriminator.propertyName);
    const mapping: Record<string, string> = {};
    out[key] = branches.map((branch, i) => {
      const name = String(branch[COMPONENT]);
      const tagSchema = ((branch.properties as Json | undefined)?.[property] ?? {}) as Json;
      const tag = tagSchema.const ?? (tagSchema.enum as unknown[] | undefined)?.[0];
      const reference = `#/components/schemas/${name}`;
      schemas[name] = (out[key] as Json[])[i]!;
      mapping[String(tag)] = reference;
      return { $ref: reference };
    });
    out.discriminator = { propertyName: property, mapping };
    return out;
  };
  return copy(node) as Json;
}

export function openApiOptions(
  registry: OperationRegistry,
  events: EventRegistry,
): Pick<FastifyDynamicSwaggerOptions, 'openapi' | 'transformObject'> {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'funder-api',
        version: API_VERSION,
        summary: 'The funder-facing API of the invoice-financing service.',
        description: introduction,
        license: {
          name: 'Proprietary: for funders connected to the service',
          identifier: 'LicenseRef-Proprietary',
        },
      },
      servers: [
        { url: '/', description: 'The service serving this document' },
        {
          url: '{base_url}',
          description: 'The service at an address of your choice: the one the samples call',
          variables: {
            base_url: {
              default: LOCAL_BASE_URL,
              description:
                'Scheme, host and port of the service, without a trailing slash. The reference page puts the address it was served from.',
            },
          },
        },
      ],
      tags: TAGS.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              '`svc_fk_` followed by 64 hexadecimal characters, sent as `Authorization: Bearer <key>`.',
          },
        },
      },
    } as FastifyDynamicSwaggerOptions['openapi'],
    transformObject: (input) => {
      const doc = (input as { openapiObject: Json }).openapiObject;
      const components = (doc.components ?? {}) as Json;
      components.headers = headers;
      components.parameters = { IdempotencyKey: idempotencyKey, ...webhookHeaders };
      // Each error status has its own envelope schema with its codes: the shared one is not used.
      delete (components.schemas as Json | undefined)?.ErrorEnvelope;
      doc.components = components;
      doc.webhooks = webhooksSection(API_VERSION, events);
      const paths = (doc.paths ?? {}) as Record<string, Record<string, Json>>;
      for (const [path, methods] of Object.entries(paths)) {
        for (const [method, raw] of Object.entries(methods)) {
          if (raw.requestBody) {
            components.schemas ??= {};
            raw.requestBody = withNamedBranches(raw.requestBody, components.schemas as Json);
          }
          const operation = registry.get(`${method.toUpperCase()} ${path}`);
          if (!operation) continue;
          const documented = documentOperation(raw, operation, doc);
          documented['x-codeSamples'] = codeSamples(method, path, documented);
          methods[method] = documented;
        }
      }
      shareErrorAnswers(doc);
      compactUnions(doc.paths);
      compactUnions(doc.webhooks);
      compactUnions(components.schemas);
      shareSchemas(doc);
      shareAnswerExamples(doc);
      return doc as ReturnType<NonNullable<FastifyDynamicSwaggerOptions['transformObject']>>;
    },
  };
}
