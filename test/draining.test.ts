import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bin,
  cleanUpProcesses,
  envFor,
  freePort,
  migratedDataDir,
  NO_DEMO,
  PROCESS_MINUTES,
  root,
  SERVING,
  SUITE_TIMEOUT,
  startServer,
} from './support/cli.ts';

/**
 * SIGTERM under load, through the compiled server: readiness turns 503 at once, the listener
 * keeps answering through the grace (no 5xx, no refused connection, on kept-alive and on new
 * connections), then it closes and the process exits 0.
 */

afterAll(cleanUpProcesses);

interface Answer {
  status: number;
  body: string;
  connection: string | undefined;
}

/** One GET; a refused or reset connection rejects. */
function get(port: number, path: string, agent: Agent | false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('draining on SIGTERM', { timeout: SUITE_TIMEOUT }, () => {
  it('keeps serving through the grace with readiness 503, then exits 0', async () => {
    const dataDir = await migratedDataDir();
    const port = await freePort();
    const server = await startServer(dataDir, port, SERVING, {
      ...NO_DEMO,
      SHUTDOWN_GRACE_SECONDS: '5',
    });
    expect((await get(port, '/readyz', false)).status).toBe(200);

    const keepAlive = new Agent({ keepAlive: true, maxSockets: 2 });
    const failures: string[] = [];
    const statuses: number[] = [];
    let closedAsked = 0;
    let draining = false;
    let roundsAfterDrain = 0;
    // Loops of calls on kept-alive connections and on a new connection each, from before the
    // signal until well into the grace: counted in rounds after readiness turned 503, not in time.
    const loop = async (agent: Agent | false) => {
      while (roundsAfterDrain < 20) {
        try {
          const answer = await get(port, '/v1/health', agent);
          statuses.push(answer.status);
          if (answer.status >= 500) failures.push(`${answer.status} ${answer.body}`);
          if (draining && answer.connection === 'close') closedAsked += 1;
        } catch (err) {
          failures.push(String(err));
        }
      }
    };
    const probe = async () => {
      while (roundsAfterDrain < 20) {
        const answer = await get(port, '/readyz', false).catch((err: unknown) => ({
          status: -1,
          body: String(err),
          connection: undefined,
        }));
        if (answer.status === -1) failures.push(answer.body);
        if (!draining && answer.status === 503) {
          draining = true;
          const body = JSON.parse(answer.body) as { error: { code: string; checks: unknown[] } };
          expect(body.error.code).toBe('not_ready');
          expect(body.error.checks).toContainEqual({ name: 'draining', status: 'failing' });
        } else if (draining) {
          expect(answer.status).toBe(503);
          roundsAfterDrain += 1;
        }
      }
    };
    const loops = Promise.all([loop(keepAlive), loop(keepAlive), loop(false), probe()]);
    // Some calls before the signal.
    while (statuses.length < 20) await new Promise((resolve) => setTimeout(resolve, 10));
    server.child.kill('SIGTERM');
    await loops;
    keepAlive.destroy();

    expect(failures).toEqual([]);
    // The calls during the grace were answered, and asked their clients to reconnect.
    expect(closedAsked).toBeGreaterThan(0);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('grace over: the listener stops accepting');
  });

  it('a `work` process has no public listener and no grace: its operations listener answers readiness and its metrics; on SIGTERM it stops its jobs and exits 0', async () => {
    const dataDir = await migratedDataDir();
    const opsPort = await freePort();
    const child = spawn(process.execPath, [bin, 'work'], {
      cwd: root,
      env: envFor(dataDir, { LOG_LEVEL: 'info', SHUTDOWN_GRACE_SECONDS: '600', OPS_PORT: String(opsPort) }),
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const deadline = Date.now() + PROCESS_MINUTES * 60_000;
    while (!output.includes(SERVING)) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`work did not start: ${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const opsBase = `http://127.0.0.1:${opsPort}`;
    expect((await fetch(`${opsBase}/readyz`)).status).toBe(200);
    const metrics = await fetch(`${opsBase}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^funder_api_jobs_queued\{kind="/m);
    // Nothing of the public API there.
    expect((await fetch(`${opsBase}/v1/me`)).status).toBe(404);
    child.kill('SIGTERM');
    // The grace is a listener's: a worker alone does not wait for it.
    expect(await exited).toBe(0);
    expect(output).toContain('"grace_seconds":0');
    expect(output).not.toContain('grace over');
  });

  it('a stop typed at a terminal (SIGINT) has no grace: the server exits 0 at once', async () => {
    const server = await startServer(await migratedDataDir(), await freePort(), SERVING, {
      ...NO_DEMO,
      SHUTDOWN_GRACE_SECONDS: '600',
    });
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"grace_seconds":0');
  });
});
