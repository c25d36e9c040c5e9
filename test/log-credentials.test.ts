import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CREDENTIAL_PREFIXES } from '../src/platform/crypto.ts';
import { SCOPES } from '../src/platform/http/scopes.ts';
import {
  cleanUpProcesses,
  freePort,
  listenersCaller,
  migratedDataDir,
  PROCESS_MINUTES,
  SUITE_TIMEOUT,
  startServer,
  stop,
  tempDataDir,
} from './support/cli.ts';
import { freshDatabase, onPostgres, type TestDatabase } from './support/database.ts';
import { untilWithin } from './support/webhook-receiver.ts';

/**
 * Every kind of credential the service issues (the list in src/platform/crypto.ts), issued by a
 * running `serve` in production, at debug level, and then carried where a careless client would
 * put it: a bearer header, a path, a query string, an X-Request-Id. None may appear in anything
 * the process wrote. In production standard output is the log stream, so all of it is searched.
 */

let database: TestDatabase | null = null;
afterAll(async () => {
  await cleanUpProcesses();
  await database?.drop();
});

const until = untilWithin(PROCESS_MINUTES * 60_000);

/** The one value of `pattern` in `text`, which must hold exactly one. */
function onlyMatch(text: string, pattern: RegExp, what: string): string {
  const found = new Set(text.match(new RegExp(pattern.source, 'g')) ?? []);
  expect([...found], what).toHaveLength(1);
  return [...found][0]!;
}

describe('the log of a server that issued one of each credential', { timeout: SUITE_TIMEOUT }, () => {
  it('never holds any of them, wherever a call carried it', async () => {
    const dataDir = onPostgres() ? await tempDataDir() : await migratedDataDir();
    const [port, opsPort] = [await freePort(), await freePort()];
    let env: Record<string, string> = {};
    if (onPostgres()) {
      database = await freshDatabase();
      // On PostgreSQL the operator token comes from the environment, in the shape the service mints.
      env = {
        DATABASE_URL: database.url ?? '',
        SECRETS_KEY: randomBytes(32).toString('base64'),
        OPS_TOKEN: `${CREDENTIAL_PREFIXES.bootstrapOperatorToken}${randomBytes(32).toString('hex')}`,
        FUNDER_API_INLINE_WORKER: 'true',
      };
    }
    const server = await startServer(dataDir, port, 'background jobs', {
      NODE_ENV: 'production',
      OPS_PORT: String(opsPort),
      LOG_LEVEL: 'debug',
      FUNDER_API_DEMO: 'true',
      ...env,
    });
    // On the embedded database the service made the bootstrap token itself, kept in its data directory.
    const opsToken = env.OPS_TOKEN ?? (await readFile(join(dataDir, 'ops-token'), 'utf8')).trim();

    const call = listenersCaller(port, opsPort);
    const ok = async (token: string | null, method: string, path: string, body?: unknown) => {
      const answer = await call(token, method, path, body);
      expect(answer.status, `${method} ${path}: ${answer.text}`).toBeLessThan(300);
      return answer.text;
    };
    const issued: Record<string, string> = { bootstrapOperatorToken: opsToken };

    // A named operator's token.
    issued.operatorToken = onlyMatch(
      await ok(opsToken, 'POST', '/ops/v1/operators', { name: 'log-reader', role: 'admin' }),
      /svc_op_[0-9a-f]{64}/,
      'operator token',
    );
    expect(await ok(issued.operatorToken, 'GET', '/ops/v1/operators')).toContain('log-reader');

    // Keys: one of a live funder, one of the demonstration plane's funder.
    const liveFunder = JSON.parse(
      await ok(issued.operatorToken, 'POST', '/ops/v1/funders', { name: 'Log Bank', environment: 'live' }),
    ) as { funder: { bank_id: string } };
    const liveBank = liveFunder.funder.bank_id;
    issued.apiKey = onlyMatch(
      await ok(opsToken, 'POST', '/ops/v1/keys', { bank_id: liveBank, name: 'log key', scopes: [...SCOPES] }),
      /svc_fk_[0-9a-f]{64}/,
      'live key',
    );
    const funders = JSON.parse(await ok(opsToken, 'GET', '/ops/v1/funders')) as {
      funders: { bank_id: string; environment: string }[];
    };
    const demoBank = funders.funders.find((funder) => funder.environment === 'sandbox')!.bank_id;
    const sandboxKey = onlyMatch(
      await ok(opsToken, 'POST', '/ops/v1/keys', {
        bank_id: demoBank,
        name: 'log sandbox key',
        scopes: [...SCOPES].filter((scope) => scope !== 'exports:write'),
        prospect: 'log test',
      }),
      /svc_fk_[0-9a-f]{64}/,
      'sandbox key',
    );
    const key = issued.apiKey;

    // A client link's token.
    issued.clientLinkToken = onlyMatch(
      await ok(key, 'POST', '/v1/client-links', {}),
      /cl_[0-9a-f]{64}/,
      'client link',
    );

    // An onboarding link's token and its return secret.
    await ok(opsToken, 'PUT', `/ops/v1/funders/${liveBank}/return-origins`, {
      origins: ['https://erp.log-bank.example'],
    });
    const onboarding = await ok(key, 'POST', '/v1/onboarding-links', {
      company_vat: 'ESB12345678',
      country: 'ES',
      contact_email: 'admin@supplier.example',
      return_url: 'https://erp.log-bank.example/onboarding/done',
      company_name: 'Suministros Norte, S.L.',
    });
    issued.onboardingLinkToken = onlyMatch(onboarding, /ob_[0-9a-f]{64}/, 'onboarding link');
    issued.onboardingReturnSecret = onlyMatch(onboarding, /ors_[0-9a-f]{64}/, 'return secret');

    // A document download token, from the demonstration plane, used.
    const list = JSON.parse(await ok(sandboxKey, 'GET', '/v1/requests?status=all')) as {
      requests: { id: string }[];
    };
    for (const request of list.requests) {
      const found = /dl_[0-9a-f]{64}/.exec(
        await ok(sandboxKey, 'GET', `/v1/requests/${request.id}/documents`),
      );
      if (found) {
        issued.documentDownloadToken = found[0];
        break;
      }
    }
    expect(issued.documentDownloadToken, 'a download link').toBeDefined();
    expect((await call(null, 'GET', `/v1/document-downloads/${issued.documentDownloadToken}`)).status).toBe(
      200,
    );

    // An export's signed download link, used: its signature has no prefix, only a query member.
    const queued = JSON.parse(await ok(key, 'POST', '/v1/exports', {})) as { export: { id: string } };
    let files: { url: string }[] = [];
    await until(async () => {
      // Gently: the key's rate limit counts these too.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const answer = await call(key, 'GET', `/v1/exports/${queued.export.id}`);
      if (answer.status !== 200) return false;
      const view = JSON.parse(answer.text) as { export: { status: string; files?: { url: string }[] } };
      files = view.export.files ?? [];
      return view.export.status === 'ready';
    }, 'the export, built');
    expect(files.length).toBeGreaterThanOrEqual(1);
    const link = new URL(files[0]!.url);
    const signature = link.searchParams.get('sig') ?? '';
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect((await call(null, 'GET', `${link.pathname}${link.search}`)).status).toBe(200);

    // A webhook's signing secret, and the one a rotation makes; stopped at once, so that no
    // delivery is ever attempted to its (outside) address.
    const hook = await ok(key, 'POST', '/v1/webhooks', { url: 'https://hooks.acme-bank.com/funder-api' });
    issued.webhookSecret = onlyMatch(hook, /whsec_[A-Za-z0-9]{44}/, 'webhook secret');
    const hookId = (JSON.parse(hook) as { webhook: { id: string } }).webhook.id;
    const rotated = onlyMatch(
      await ok(key, 'POST', `/v1/webhooks/${hookId}/rotate-secret`, { keep_previous_hours: 1 }),
      /whsec_[A-Za-z0-9]{44}/,
      'rotated webhook secret',
    );

    expect(await ok(key, 'DELETE', `/v1/webhooks/${hookId}`)).toContain('"active":false');

    // Every prefix of the list has been issued (the named ones above).
    expect(Object.keys(issued).sort()).toEqual(Object.keys(CREDENTIAL_PREFIXES).sort());
    for (const [kind, value] of Object.entries(issued))
      expect(value.startsWith(CREDENTIAL_PREFIXES[kind as keyof typeof CREDENTIAL_PREFIXES]), kind).toBe(
        true,
      );

    // Carried where a careless client puts a credential: as a bearer on both APIs, in a path,
    // in a query string under a harmless name, and as its own request id. The signature has no
    // prefix to be known by in a path, and travels only as the `sig` of its link: sent there,
    // to a volume that does not exist too.
    await call(null, 'GET', `${link.pathname.replace(/\d{3}\.zip$/, '999.zip')}${link.search}`);
    const prefixed = [...Object.values(issued), sandboxKey, rotated];
    const values = [...prefixed, signature];
    for (const value of prefixed) {
      await call(value, 'GET', '/v1/me');
      await call(value, 'GET', '/ops/v1/funders');
      await call(key, 'GET', `/v1/requests/${value}`);
      await call(key, 'GET', `/v1/nothing-here/${value}?q=${value}&note=see-${value}`);
      await call(null, 'GET', `/join/${value}`, undefined, { 'x-request-id': value });
      await call(key, 'POST', `/v1/webhooks/${hookId}/rotate-secret?secret=${value}`, { secret: value });
    }
    const marker = '2b1a0f9e-8d7c-4b6a-9594-837261504f3e';
    await call(key, 'GET', '/v1/me', undefined, { 'x-request-id': marker });
    await until(() => server.output().includes(marker), 'the last call, logged');
    expect(await stop(server)).toBe(0);

    const output = server.output();
    const lines = output.split('\n').filter((text) => text.startsWith('{'));
    expect(lines.length).toBeGreaterThan(values.length * 6);
    for (const value of values)
      expect(output.includes(value), `a credential in the log: ${value.slice(0, 10)}…`).toBe(false);
    // Nor a long enough piece of one.
    for (const value of values)
      for (let at = 0; at + 24 <= value.length; at += 8)
        expect(output.includes(value.slice(at, at + 24)), `a piece of ${value.slice(0, 10)}…`).toBe(false);
    // The carried ones were logged, censored.
    expect(output).toContain(`/v1/nothing-here/${CREDENTIAL_PREFIXES.webhookSecret}[redacted]`);
    expect(output).toContain(`/join/${CREDENTIAL_PREFIXES.clientLinkToken}[redacted]`);
  });
});
