import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { startGiven } from './support/service.ts';

/**
 * Connections that hold the server: a body sent a byte at a time, and a keep-alive connection
 * left idle. The bounds are configured short here (one second each); the test only waits for
 * the server to act, under a generous guard.
 */

let key: string;
let port: number;
const { service } = startGiven({ config: { requestTimeoutMs: 1_000, keepAliveTimeoutMs: 1_000 } });
beforeAll(async () => {
  ({ key } = await service.given.funderWithKey({ environment: 'live' }));
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  port = (service.app.server.address() as AddressInfo).port;
});

const GUARD_MS = 60_000;

/** Everything the server sends on the socket until it closes the connection. */
function untilClosed(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('slow clients', () => {
  it(
    'a body sent a byte at a time is cut when the request bound passes: 408 request_timeout in the envelope, connection closed',
    async () => {
      const socket = await open();
      const closed = untilClosed(socket);
      const body = JSON.stringify({ url: `https://hooks.funder-bank.com/${'x'.repeat(2_000)}` });
      socket.write(
        [
          'POST /v1/webhooks HTTP/1.1',
          'Host: 127.0.0.1',
          `Authorization: Bearer ${key}`,
          'Content-Type: application/json',
          `Content-Length: ${Buffer.byteLength(body)}`,
          '',
          '',
        ].join('\r\n'),
      );
      // One byte every 50 ms: the whole body would take 100 s, far past the bound.
      let sent = 0;
      const drip = setInterval(() => {
        if (socket.destroyed || sent >= body.length) return clearInterval(drip);
        socket.write(body[sent++]!);
      }, 50);
      try {
        const received = await closed;
        const [head, payload] = received.split('\r\n\r\n');
        expect(head).toMatch(/^HTTP\/1\.1 408 /);
        expect(head).toMatch(/cache-control: no-store/i);
        const answer = JSON.parse(payload!) as {
          error: { code: string; message: string; request_id: string };
        };
        expect(answer.error).toMatchObject({ code: 'request_timeout', message: expect.any(String) });
        expect(answer.error.request_id).toEqual(expect.any(String));
        expect(sent).toBeLessThan(body.length);
      } finally {
        clearInterval(drip);
        socket.destroy();
      }
    },
    GUARD_MS,
  );

  it(
    'a keep-alive connection left idle after an answer is closed by the server',
    async () => {
      const socket = await open();
      const closed = untilClosed(socket);
      socket.write(
        ['GET /v1/me HTTP/1.1', 'Host: 127.0.0.1', `Authorization: Bearer ${key}`, '', ''].join('\r\n'),
      );
      const received = await closed;
      expect(received).toMatch(/^HTTP\/1\.1 200 /);
      expect(received).toMatch(/keep-alive: timeout=1/i);
    },
    GUARD_MS,
  );
});
