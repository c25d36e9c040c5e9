import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cleanUpProcesses,
  cli,
  cliWithEnv,
  freePort,
  migratedDataDir,
  type Outcome,
  SUITE_TIMEOUT,
  startServer,
  stop,
  tempDataDir,
} from './support/cli.ts';
import { onPostgres } from './support/database.ts';

/*
 * Each operations command is written once, against one interface served two ways: in the
 * command's own process on the database it opens, or through the operations API of the running
 * server that holds the embedded database. Here the same commands run both ways on the same
 * data folder, and must print the same.
 */

afterAll(cleanUpProcesses);

const run = async (dataDir: string, ...args: string[]) => expectDone(await cli(dataDir, ...args));

function expectDone(outcome: Outcome): string {
  expect(outcome, `funder-api exited ${outcome.code}: ${outcome.stderr}`).toMatchObject({
    code: 0,
    stderr: '',
  });
  return outcome.stdout;
}

/** What differs from one write to the next however it is served: ids, instants, secrets, issuer. */
function normalised(text: string): string {
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<at>')
    .replace(/svc_(fk|op)_[0-9a-f]{64}/g, 'svc_$1_<secret>')
    .replace(/(svc_(fk|op)_)[0-9a-f]+…/g, '$1<prefix>…')
    .replace(/"prefix": "svc_(fk|op)_[0-9a-f]+"/g, '"prefix": "svc_$1_<prefix>"')
    .replace(/"issued_by": "(cli|bootstrap)"/g, '"issued_by": "<issuer>"');
}

/** Writes of every kind, in one data folder, in the order a team would make them. */
async function writes(dataDir: string) {
  const out: string[] = [];
  const created = await run(
    dataDir,
    'funders',
    'create',
    '--name',
    'Paths',
    '--environment',
    'live',
    '--json',
  );
  out.push(created);
  const bankId = (JSON.parse(created) as { funder: { bank_id: string } }).funder.bank_id;
  const issued = await run(
    dataDir,
    ...['keys', 'issue', '--bank-id', bankId, '--name', 'k', '--scope', 'requests:read', '--json'],
  );
  out.push(issued);
  const keyId = (JSON.parse(issued) as { key: { id: string } }).key.id;
  out.push(await run(dataDir, 'keys', 'revoke', keyId, '--reason', 'rotated', '--json'));
  out.push(await run(dataDir, 'funders', 'classify', bankId, '--environment', 'live', '--json'));
  // A name is free again once revoked: both runs issue the same one.
  out.push(await run(dataDir, 'operators', 'issue', '--name', 'op-paths', '--role', 'auditor', '--json'));
  out.push(await run(dataDir, 'operators', 'revoke', '--name', 'op-paths'));
  return { bankId, keyId, out: out.map(normalised) };
}

/** Reads of everything the writes made, in JSON and as text, and two refusals. */
async function reads(dataDir: string, bankId: string, keyId: string) {
  const refusal = async (...args: string[]) => {
    const text = await cli(dataDir, ...args);
    const json = await cli(dataDir, ...args, '--json');
    const { request_id: _ignored, ...error } = JSON.parse(json.stdout).error;
    return { code: [text.code, json.code], stderr: text.stderr, error };
  };
  return {
    funders: [await run(dataDir, 'funders', 'list', '--json'), await run(dataDir, 'funders', 'list')],
    keys: [
      await run(dataDir, 'keys', 'list', '--json'),
      await run(dataDir, 'keys', 'list', '--bank-id', bankId),
    ],
    // Done already: answered unchanged, and recorded nowhere.
    again: [
      await run(dataDir, 'keys', 'revoke', keyId, '--json'),
      await run(dataDir, 'funders', 'classify', bankId, '--environment', 'live'),
    ],
    operators: [await run(dataDir, 'operators', 'list', '--json'), await run(dataDir, 'operators', 'list')],
    audit: [
      await run(dataDir, 'audit', '--operator', 'cli', '--all', '--json'),
      await run(dataDir, 'audit', '--operator', 'cli', '--limit', '2'),
    ],
    refused: [
      await refusal('funders', 'classify', bankId, '--environment', 'sandbox'),
      await refusal('keys', 'revoke', '00000000-0000-4000-8000-000000000000'),
    ],
  };
}

// Process tests on the embedded database: the PostgreSQL run has no server holding a data folder.
describe.skipIf(onPostgres())('a command in process and through a running server', () => {
  it(
    'prints the same answers both ways, reads to the byte and writes but for ids, instants and secrets',
    async () => {
      const dataDir = await migratedDataDir();
      const direct = await writes(dataDir);
      const directReset = JSON.parse(await run(dataDir, 'demo', 'reset', '--json'));
      const directReads = await reads(dataDir, direct.bankId, direct.keyId);

      // A later start (funders exist: no first-start demonstration) and no jobs: the server
      // changes nothing by itself between the two runs.
      const port = await freePort();
      const server = await startServer(
        dataDir,
        port,
        'background jobs not run in this process',
        { LOG_LEVEL: 'info' },
        ['--no-worker'],
      );
      const remoteReads = await reads(dataDir, direct.bankId, direct.keyId);
      const remote = await writes(dataDir);
      const remoteReset = JSON.parse(await run(dataDir, 'demo', 'reset', '--json'));
      expect(await stop(server)).toBe(0);

      expect(remoteReads).toEqual(directReads);
      expect(remote.out).toEqual(direct.out);
      // The second reset rebuilds the same funder's plane.
      expect(remoteReset).toEqual({ ...directReset, created_funder: false });
      expect(directReset.created_funder).toBe(true);
      // A change answers the funder or key with `changed` beside its fields, both ways.
      expect(JSON.parse(remote.out[2]!)).toMatchObject({ id: '<id>', changed: true, revoked_at: '<at>' });
    },
    SUITE_TIMEOUT,
  );

  it(
    'refuses an answer of the server that is not of the route’s shape, printing nothing of it',
    async () => {
      const dataDir = await tempDataDir();
      const seen: string[] = [];
      const fake = createServer((request, response) => {
        seen.push(`${request.method} ${request.url}`);
        response.setHeader('content-type', 'application/json');
        const funder = {
          name: 'X',
          environment: 'live',
          status: 'active',
          created_at: '2026-01-01T00:00:00Z',
        };
        response.end(JSON.stringify({ funders: [{ ...funder, bank_id: 'not-an-id' }] }));
      });
      await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
        // This test's own process stands as the server holding the data folder.
        await writeFile(
          join(dataDir, 'embedded.lock'),
          JSON.stringify({ pid: process.pid, url, opsUrl: null, role: 'server' }),
        );
        const outcome = await cliWithEnv(
          dataDir,
          { OPS_TOKEN: `ops_${'3'.repeat(48)}` },
          'funders',
          'list',
          '--json',
        );
        expect(seen).toEqual(['GET /ops/v1/funders']);
        expect(outcome.code).toBe(1);
        const { error } = JSON.parse(outcome.stdout);
        expect(error).toMatchObject({ code: 'server_answer_invalid', status: 200, url });
        expect(error.message).toContain('/funders/0/bank_id');
        expect(outcome.stdout).not.toContain('not-an-id');
      } finally {
        await new Promise((resolve) => fake.close(resolve));
      }
    },
    SUITE_TIMEOUT,
  );
});
