import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_OPS_PORT,
  loadConfig,
  refuseTestSettingsInProduction,
  requireSharedSecrets,
} from './config.ts';
import { serve } from './serve.ts';

const postgres = { DATABASE_URL: 'postgres://app@db.internal/funder' };
const opsToken = `ops_${'1'.repeat(40)}`;
const secretsKey = Buffer.alloc(32, 7).toString('base64');

describe('configuration of secrets and the demonstration plane', () => {
  it('builds the demonstration plane on the first start of the embedded database by default', () => {
    expect(loadConfig({}).demoOnFirstStart).toBe(true);
    expect(loadConfig({ FUNDER_API_DEMO: 'false' }).demoOnFirstStart).toBe(false);
  });

  it('in production builds it only with FUNDER_API_DEMO=true set explicitly, even on the embedded database', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demoOnFirstStart).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', FUNDER_API_DEMO: 'true' }).demoOnFirstStart).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).demoOnFirstStart).toBe(true);
  });

  it('on PostgreSQL builds it, and prints a sandbox key, only with FUNDER_API_DEMO=true set explicitly', () => {
    expect(loadConfig(postgres).demoOnFirstStart).toBe(false);
    expect(loadConfig({ ...postgres, FUNDER_API_DEMO: '' }).demoOnFirstStart).toBe(false);
    expect(loadConfig({ ...postgres, FUNDER_API_DEMO: 'true' }).demoOnFirstStart).toBe(true);
  });

  it('on PostgreSQL a server needs OPS_TOKEN and SECRETS_KEY from the environment', () => {
    expect(() => requireSharedSecrets(loadConfig(postgres))).toThrow(ConfigError);
    expect(() => requireSharedSecrets(loadConfig(postgres))).toThrow('OPS_TOKEN and SECRETS_KEY must be set');
    expect(() => requireSharedSecrets(loadConfig({ ...postgres, OPS_TOKEN: opsToken }))).toThrow(
      /^SECRETS_KEY must be set/,
    );
    expect(() => requireSharedSecrets(loadConfig({ ...postgres, SECRETS_KEY: secretsKey }))).toThrow(
      /^OPS_TOKEN must be set/,
    );
    expect(() =>
      requireSharedSecrets(loadConfig({ ...postgres, OPS_TOKEN: opsToken, SECRETS_KEY: secretsKey })),
    ).not.toThrow();
  });

  it('the embedded database makes and keeps its own when they are not set', () => {
    expect(() => requireSharedSecrets(loadConfig({}))).not.toThrow();
  });

  it('never repeats a refused OPS_TOKEN in its message', () => {
    expect(() => loadConfig({ OPS_TOKEN: 'short-secret' })).toThrow(ConfigError);
    try {
      loadConfig({ OPS_TOKEN: 'short-secret' });
    } catch (err) {
      expect((err as Error).message).not.toContain('short-secret');
    }
  });
});

describe('the webhook loopback allowance', () => {
  const allow = { WEBHOOK_ALLOW_LOOPBACK: 'true' };

  it('is off unless asked for', () => {
    expect(loadConfig({}).webhookAllowLoopback).toBe(false);
    expect(loadConfig(allow).webhookAllowLoopback).toBe(true);
  });

  it('makes serve and work refuse to start when NODE_ENV=production', async () => {
    const production = loadConfig({ ...allow, NODE_ENV: 'production', DATA_DIR: '/nonexistent/never-made' });
    expect(() => refuseTestSettingsInProduction(production)).toThrow(/WEBHOOK_ALLOW_LOOPBACK/);
    // Refused before anything opens: no database, no port, no data directory.
    await expect(serve(production, { http: false, worker: true })).rejects.toThrow(ConfigError);
    await expect(serve(production)).rejects.toThrow(/NODE_ENV=production/);
    expect(() => refuseTestSettingsInProduction(loadConfig({ ...allow, NODE_ENV: 'test' }))).not.toThrow();
    expect(() => refuseTestSettingsInProduction(loadConfig({ NODE_ENV: 'production' }))).not.toThrow();
  });
});

describe('TRUST_PROXY: which peers may name the client in X-Forwarded-For', () => {
  it('trusts nobody when unset', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('takes the proxies’ addresses and CIDR ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.10,2001:db8::/32' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.10',
      '2001:db8::/32',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
  });

  it('refuses true at start, saying what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /every X-Forwarded-For hop.*TRUST_PROXY=10\.0\.0\.0\/8/,
    );
  });

  it('refuses a count of proxies, which cannot tell a proxy from a client connecting directly', () => {
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/count of proxies.*addresses or CIDR ranges/);
  });

  it('refuses what is neither an address nor a range, naming it', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33,lb.internal' })).toThrow(
      /"10\.0\.0\.0\/33", "lb\.internal" is not one/,
    );
  });
});

describe('time bounds of a connection', () => {
  it('a whole request must arrive within 30 seconds unless FUNDER_API_REQUEST_TIMEOUT_MS says otherwise', () => {
    expect(loadConfig({}).requestTimeoutMs).toBe(30_000);
    expect(loadConfig({ FUNDER_API_REQUEST_TIMEOUT_MS: '5000' }).requestTimeoutMs).toBe(5_000);
    expect(() => loadConfig({ FUNDER_API_REQUEST_TIMEOUT_MS: '0' })).toThrow(ConfigError);
    expect(loadConfig({}).keepAliveTimeoutMs).toBe(72_000);
  });

  it('HSTS is on when the public URL is https', () => {
    expect(loadConfig({}).hsts).toBe(false);
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://api.funder.example' }).hsts).toBe(true);
  });
});

describe('the bounds of Redis', () => {
  it('waits 250 ms for a command, 1 s for a connection and probes every second unless told otherwise, within bounds', () => {
    expect(loadConfig({}).redis).toEqual({
      commandTimeoutMs: 250,
      connectTimeoutMs: 1_000,
      probeIntervalMs: 1_000,
    });
    expect(
      loadConfig({
        REDIS_COMMAND_TIMEOUT_MS: '100',
        REDIS_CONNECT_TIMEOUT_MS: '2000',
        REDIS_PROBE_INTERVAL_MS: '500',
      }).redis,
    ).toEqual({ commandTimeoutMs: 100, connectTimeoutMs: 2_000, probeIntervalMs: 500 });
    expect(() => loadConfig({ REDIS_COMMAND_TIMEOUT_MS: '0' })).toThrow(/REDIS_COMMAND_TIMEOUT_MS/);
    expect(() => loadConfig({ REDIS_COMMAND_TIMEOUT_MS: '10001' })).toThrow(ConfigError);
    expect(() => loadConfig({ REDIS_CONNECT_TIMEOUT_MS: 'soon' })).toThrow(/REDIS_CONNECT_TIMEOUT_MS/);
    expect(() => loadConfig({ REDIS_PROBE_INTERVAL_MS: '50' })).toThrow(/REDIS_PROBE_INTERVAL_MS/);
  });
});

describe('the drain grace', () => {
  it('keeps serving 10 seconds after SIGTERM unless SHUTDOWN_GRACE_SECONDS says otherwise, from 0 to 600', () => {
    expect(loadConfig({}).shutdownGraceSeconds).toBe(10);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '0' }).shutdownGraceSeconds).toBe(0);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '30' }).shutdownGraceSeconds).toBe(30);
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: '601' })).toThrow(ConfigError);
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: 'ten' })).toThrow(ConfigError);
  });
});

describe('the manual clock', () => {
  it('makes serve and work refuse to start when NODE_ENV=production, before anything opens', async () => {
    const production = loadConfig({
      FUNDER_API_CLOCK: 'manual',
      NODE_ENV: 'production',
      DATA_DIR: '/nonexistent/never-made',
    });
    expect(() => refuseTestSettingsInProduction(production)).toThrow(/FUNDER_API_CLOCK=manual/);
    await expect(serve(production, { http: false, worker: true })).rejects.toThrow(ConfigError);
    expect(() =>
      refuseTestSettingsInProduction(loadConfig({ FUNDER_API_CLOCK: 'manual', NODE_ENV: 'test' })),
    ).not.toThrow();
    expect(() =>
      refuseTestSettingsInProduction(loadConfig({ FUNDER_API_CLOCK: 'system', NODE_ENV: 'production' })),
    ).not.toThrow();
  });
});

describe('kept answers', () => {
  it('are on unless FUNDER_API_READ_CACHE says off or verify, and anything else is refused', () => {
    expect(loadConfig({}).readCache).toBe('on');
    expect(loadConfig({ FUNDER_API_READ_CACHE: 'off' }).readCache).toBe('off');
    expect(loadConfig({ FUNDER_API_READ_CACHE: 'verify' }).readCache).toBe('verify');
    expect(() => loadConfig({ FUNDER_API_READ_CACHE: 'yes' })).toThrow(/FUNDER_API_READ_CACHE/);
  });

  it('verify, which reads every kept answer twice, makes serve and work refuse to start in production', () => {
    const production = loadConfig({ FUNDER_API_READ_CACHE: 'verify', NODE_ENV: 'production' });
    expect(() => refuseTestSettingsInProduction(production)).toThrow(/FUNDER_API_READ_CACHE=verify/);
    for (const mode of ['on', 'off'])
      expect(() =>
        refuseTestSettingsInProduction(loadConfig({ FUNDER_API_READ_CACHE: mode, NODE_ENV: 'production' })),
      ).not.toThrow();
  });
});

describe('configuration of the operations listener', () => {
  it('is off without OPS_PORT outside production, private by default with it, and never on the public port', () => {
    expect(loadConfig({}).opsPort).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test', OPS_PORT: '' }).opsPort).toBeNull();
    expect(loadConfig({ OPS_PORT: '9090' })).toMatchObject({ opsPort: 9090, opsHost: '127.0.0.1' });
    expect(loadConfig({ OPS_PORT: '9090', OPS_HOST: '10.0.0.5' }).opsHost).toBe('10.0.0.5');
    expect(() => loadConfig({ PORT: '9090', OPS_PORT: '9090' })).toThrow(/OPS_PORT must differ from PORT/);
    expect(() => loadConfig({ OPS_PORT: 'ops' })).toThrow(ConfigError);
  });

  it('is always its own in production: 9090 on 127.0.0.1 when OPS_PORT is unset, and no setting shares the public port', () => {
    const production = { NODE_ENV: 'production' };
    expect(DEFAULT_OPS_PORT).toBe(9090);
    expect(loadConfig(production)).toMatchObject({ opsPort: 9090, opsHost: '127.0.0.1' });
    expect(loadConfig({ ...production, OPS_PORT: '' }).opsPort).toBe(9090);
    expect(loadConfig({ ...production, OPS_PORT: '9191', OPS_HOST: '10.0.0.5' })).toMatchObject({
      opsPort: 9191,
      opsHost: '10.0.0.5',
    });
    // 0 asks the system for a free port (tests): still a listener of its own.
    expect(loadConfig({ ...production, OPS_PORT: '0' }).opsPort).toBe(0);
    for (const share of ['off', 'none', 'false', 'shared']) {
      expect(() => loadConfig({ ...production, OPS_PORT: share })).toThrow(ConfigError);
      expect(() => loadConfig({ ...production, OPS_PORT: share })).toThrow(/never answer on the public port/);
    }
    expect(() => loadConfig({ ...production, PORT: '8080', OPS_PORT: '8080' })).toThrow(
      /OPS_PORT must differ from PORT .*never answer on the public port/,
    );
    // The default itself taken by the public port: refused, not shared.
    expect(() => loadConfig({ ...production, PORT: '9090' })).toThrow(/PORT is 9090.*Set OPS_PORT/);
    expect(loadConfig({ ...production, PORT: '9090', OPS_PORT: '9091' }).opsPort).toBe(9091);
  });
});
