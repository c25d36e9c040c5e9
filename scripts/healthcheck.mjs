#!/usr/bin/env node
// The container's health check (Dockerfile HEALTHCHECK): exits 0 when this process's readiness
// endpoint answers 200, else 1. Readiness is on the operations listener when OPS_PORT is set,
// and always in production (port 9090 when OPS_PORT is unset, as src/config.ts has it), bound
// to OPS_HOST (127.0.0.1 by default); otherwise on the public listener (PORT, HOST). A listener
// bound to every address is asked on the loopback one. Plain JavaScript with no package: the
// runtime image has no curl.
const env = process.env;
const opsPort = (env.OPS_PORT || '').trim() || (env.NODE_ENV === 'production' ? '9090' : '');
const onOps = opsPort !== '';
const port = onOps ? opsPort : env.PORT || '8080';
const bound = (onOps ? env.OPS_HOST || '127.0.0.1' : env.HOST || '0.0.0.0').trim();
const host = ['', '0.0.0.0', '::', '[::]'].includes(bound) ? '127.0.0.1' : bound;
const url = `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}/readyz`;

try {
  const answer = await fetch(url, { signal: AbortSignal.timeout(4000) });
  console.log(`${url}: ${answer.status}`);
  process.exit(answer.status === 200 ? 0 : 1);
} catch (err) {
  console.log(`${url}: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
