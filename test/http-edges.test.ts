import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/service.ts';

/**
 * What only a real connection shows: headers too large for the server, and an upload too
 * large for the endpoint, answered in the envelope and actually received by the client.
 */

let service: TestService;
let key: string;
let port: number;

beforeAll(async () => {
  service = await startService();
  ({ key } = await service.given.funderWithKey({ environment: 'live' }));
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  port = (service.app.server.address() as AddressInfo).port;
});
afterAll(async () => service?.close());

interface Received {
  status: number;
  headers: IncomingHttpHeaders;
  body: { error?: { code: string; message: string; request_id: string } };
}

/** Sends a request over TCP; the body, if any, in chunks of 64 KiB as a client streams it. */
function send(options: {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}): Promise<Received> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: options.method, path: options.path, headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    const body = options.body;
    if (!body) return req.end();
    let offset = 0;
    const writeMore = () => {
      while (offset < body.length) {
        const chunk = body.subarray(offset, offset + 64 * 1024);
        offset += chunk.length;
        if (!req.write(chunk)) return req.once('drain', writeMore);
      }
      req.end();
    };
    writeMore();
  });
}

describe('answers a client receives in the envelope', () => {
  it('headers over 16 KB answer 431 headers_too_large in the envelope', async () => {
    const answer = await send({
      method: 'GET',
      path: '/v1/me',
      headers: { authorization: `Bearer ${key}`, 'x-padding': 'a'.repeat(20_000) },
    });
    expect(answer.status).toBe(431);
    expect(answer.body.error?.code).toBe('headers_too_large');
    expect(typeof answer.body.error?.request_id).toBe('string');
  });

  it('a statement over 4 MiB is answered 413 file_too_large, received by the client, with or without a length', async () => {
    const file = Buffer.alloc(8 * 1024 * 1024, 'a');
    const framings: Record<string, string>[] = [
      { 'content-type': 'text/csv', 'content-length': String(file.length) },
      { 'content-type': 'text/csv', 'transfer-encoding': 'chunked' },
    ];
    for (const headers of framings) {
      const answer = await send({
        method: 'POST',
        path: '/v1/statements',
        headers: { authorization: `Bearer ${key}`, ...headers },
        body: file,
      });
      expect(answer.status).toBe(413);
      expect(answer.body.error?.code).toBe('file_too_large');
    }
  });

  it('a statement over 4 MiB sent with fetch gets its 413 rather than a reset connection', async () => {
    const file = Buffer.alloc(8 * 1024 * 1024, 'a');
    const response = await fetch(`http://127.0.0.1:${port}/v1/statements`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' },
      body: file,
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as Received['body']).error?.code).toBe('file_too_large');
  });

  it('bad percent-encoding over a real connection answers 400 path_invalid in the envelope', async () => {
    const answer = await send({
      method: 'GET',
      path: '/v1/requests/%zz',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.code).toBe('path_invalid');
  });
});

describe('the request id', () => {
  const errorOf = (body: unknown) => (body as { error: { request_id: string } }).error;
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it("is the service's own even when the caller sends a well-formed X-Request-Id, which is echoed in Client-Request-Id", async () => {
    const sent = '6F1C2D3E-4A5B-4C6D-8E7F-0123456789AB';
    for (const answer of [
      await service.call(null, 'GET', '/v1/me', { headers: { 'x-request-id': sent } }),
      await service.call(key, 'GET', '/v1/me', { headers: { 'x-request-id': sent } }),
    ]) {
      const id = String(answer.headers['request-id']);
      expect(id).toMatch(UUID);
      expect(id).not.toBe(sent.toLowerCase());
      expect(answer.headers['client-request-id']).toBe(sent.toLowerCase());
      if (answer.status !== 200) expect(errorOf(answer.body).request_id).toBe(id);
    }
  });

  it('drops an X-Request-Id that is not one UUID: no Client-Request-Id, an id of its own', async () => {
    for (const sent of ['lb-12345', '6f1c2d3e-4a5b-4c6d-8e7f-0123456789ab; drop', ' ', 'x'.repeat(300)]) {
      const answer = await service.call(key, 'GET', '/v1/me', { headers: { 'x-request-id': sent } });
      expect(answer.status).toBe(200);
      const id = String(answer.headers['request-id']);
      expect(id, sent).not.toBe(sent);
      expect(id).toMatch(UUID);
      expect(answer.headers, sent).not.toHaveProperty('client-request-id');
    }
    const plain = await service.call(key, 'GET', '/v1/me');
    expect(plain.headers).not.toHaveProperty('client-request-id');
  });

  it('carries both ids on a path that cannot be routed, answered before any hook', async () => {
    const sent = '0f1e2d3c-4b5a-4968-8776-655443322110';
    const answer = await send({
      method: 'GET',
      path: '/v1/requests/%zz',
      headers: { authorization: `Bearer ${key}`, 'x-request-id': sent },
    });
    expect(answer.status).toBe(400);
    expect(answer.headers['client-request-id']).toBe(sent);
    expect(answer.headers['request-id']).toBe(answer.body.error?.request_id);
    expect(answer.body.error?.request_id).toMatch(UUID);
    expect(answer.body.error?.request_id).not.toBe(sent);
  });
});
