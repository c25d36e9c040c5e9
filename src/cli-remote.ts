import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import {
  FunderChange,
  FunderCreated,
  FunderList,
  KeyIssued,
  KeyList,
  KeyRevoked,
  OperatorIssued,
  OperatorList,
  OperatorRevoked,
} from './areas/account/account.module.ts';
import { DemoReset } from './areas/demo/demo.module.ts';
import { AuditAnswer, EvidenceReport } from './areas/ops/ops.module.ts';
import type { OpsCommands } from './cli-commands.ts';
import { CliError } from './cli-output.ts';

/**
 * The commands through the operations API of the running server at `url`, with the operator
 * token. Each answer is checked against the route's response schema before a command reads
 * it: a server that answers another shape is reported, never printed as if it were the answer.
 */
export function remoteCommands(url: string, opsToken: string): OpsCommands {
  const call = <S extends TSchema>(answer: S, method: 'GET' | 'POST', path: string, body?: unknown) =>
    serverAnswer(answer, url, opsToken, method, path, body);
  const segment = encodeURIComponent;
  return {
    listFunders: () => call(FunderList, 'GET', '/ops/v1/funders'),
    createFunder: (input) => call(FunderCreated, 'POST', '/ops/v1/funders', input),
    classifyFunder: (bankId, environment) =>
      call(FunderChange, 'POST', `/ops/v1/funders/${segment(bankId)}/classify`, { environment }),
    listKeys: (bankId) =>
      call(KeyList, 'GET', `/ops/v1/keys${bankId ? `?${new URLSearchParams({ bank_id: bankId })}` : ''}`),
    issueKey: (input) => call(KeyIssued, 'POST', '/ops/v1/keys', input),
    revokeKey: (keyId, reason) =>
      call(KeyRevoked, 'POST', `/ops/v1/keys/${segment(keyId)}/revoke`, { reason }),
    listOperators: () => call(OperatorList, 'GET', '/ops/v1/operators'),
    issueOperator: (input) => call(OperatorIssued, 'POST', '/ops/v1/operators', input),
    revokeOperator: (name) => call(OperatorRevoked, 'POST', `/ops/v1/operators/${segment(name)}/revoke`),
    auditPage: (query) => {
      const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      return call(AuditAnswer, 'GET', `/ops/v1/audit${search.size > 0 ? `?${search}` : ''}`);
    },
    resetDemo: () => call(DemoReset, 'POST', '/ops/v1/demo/reset'),
    verifyEvidence: () => call(EvidenceReport, 'GET', '/ops/v1/evidence/verify'),
  };
}

/** One call's JSON answer, checked against `schema`; a `CliError` when it is not of that shape. */
async function serverAnswer<S extends TSchema>(
  schema: S,
  url: string,
  opsToken: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Static<S>> {
  const response = await serverResponse(url, opsToken, method, path, body);
  let answer: unknown;
  try {
    const text = await response.text();
    answer = text ? JSON.parse(text) : {};
  } catch {
    throw new CliError(
      'server_answer_invalid',
      `The server at ${url} answered ${response.status} without JSON.`,
      { url, status: response.status },
    );
  }
  if (Value.Check(schema, answer)) return answer;
  const [first] = Value.Errors(schema, answer);
  throw new CliError(
    'server_answer_invalid',
    `The server at ${url} answered ${method} ${path.split('?')[0]} in a shape this command line does not read (${first?.instancePath || '/'}: ${first?.message ?? 'unexpected'}): are both of the same release?`,
    { url, status: response.status },
  );
}

/**
 * Calls the operations API of the server at `url` as the operator: its answer when it
 * succeeded (the body not read yet), else a `CliError` with the server's error code.
 */
export async function serverResponse(
  url: string,
  opsToken: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${opsToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new CliError(
      'server_unreachable',
      `The running server at ${url} holds the embedded database but did not answer: ${(err as Error).message}`,
      { url },
    );
  }
  if (response.ok) return response;
  let answer: { error?: { code?: string; message?: string } & Record<string, unknown> } = {};
  try {
    answer = JSON.parse(await response.text());
  } catch {
    // No envelope: the status alone says what happened.
  }
  const { code, message, ...extra } = answer.error ?? {};
  throw new CliError(
    code ?? `http_${response.status}`,
    message ?? `The server at ${url} answered ${response.status}.`,
    { ...extra, status: response.status },
  );
}
