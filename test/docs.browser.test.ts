import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/service.ts';

/**
 * The reference page at /docs opened in a real headless browser: Debian's chromium, driven by
 * playwright-core (`.ci/run` installs it). Without a browser on the machine the test says so
 * and is skipped.
 */
const CHROMIUM = '/usr/bin/chromium';
const hasBrowser = existsSync(CHROMIUM);
if (!hasBrowser)
  console.warn(`No browser at ${CHROMIUM}: the /docs browser test is skipped (apt-get install chromium).`);

// A browser on a shared machine is slow to start and to render: these waits are generous on purpose.
const SLOW = 180_000;

describe.skipIf(!hasBrowser)('the reference page in a browser', () => {
  let service: TestService;
  let browser: Browser;
  let base: string;
  let key: string;
  let operationCount: number;

  beforeAll(async () => {
    service = await startService();
    key = (await service.given.funderWithKey({ environment: 'sandbox', scopes: ['requests:read'] })).key;
    const document = await service.call<{
      paths: Record<string, Record<string, unknown>>;
      webhooks?: Record<string, Record<string, unknown>>;
    }>(null, 'GET', '/v1/openapi.json');
    // Every operation, and every webhook event (the page lists each as an operation too).
    operationCount = [
      ...Object.values(document.body.paths),
      ...Object.values(document.body.webhooks ?? {}),
    ].reduce((sum, methods) => sum + Object.keys(methods).length, 0);
    await service.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
      ],
    });
  }, SLOW);

  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it(
    'shows every operation with its description, scopes and error codes, and calls GET /v1/me from the page with a 200',
    async () => {
      const page = await browser.newPage();
      const foreign: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(base) && !request.url().startsWith('data:'))
          foreign.push(request.url());
      });
      await page.goto(`${base}/docs/`);

      // The service's own name and introduction, every operation listed.
      await expect.poll(() => page.title(), { timeout: SLOW }).toBe('funder-api reference');
      await page.locator('.info .title').filter({ hasText: 'funder-api' }).waitFor({ timeout: SLOW });
      await expect.poll(() => page.locator('.opblock').count(), { timeout: SLOW }).toBe(operationCount);
      expect(await page.locator('.info .description').textContent()).toContain('Idempotency');

      // GET /v1/me: its description, scopes, error codes and example answer render.
      const me = page.locator('.opblock').filter({ has: page.locator('[data-path="/v1/me"]') });
      await me.locator('.opblock-summary').click();
      const body = me.locator('.opblock-body');
      await body.waitFor({ timeout: SLOW });
      await expect
        .poll(async () => (await body.textContent()) ?? '', { timeout: SLOW })
        .toContain('any valid key');
      const text = (await body.textContent()) ?? '';
      for (const expected of ['unauthorized', 'key_expired', 'rate_limited', '401', '429', 'api_version']) {
        expect(text).toContain(expected);
      }

      // Authorize with the key, then try the call from the page itself.
      await page.locator('.auth-wrapper .authorize').click();
      const dialog = page.locator('.modal-ux');
      await dialog.locator('input').first().fill(key);
      await dialog.locator('button.authorize').click();
      await dialog.locator('button.btn-done, .close-modal').first().click();

      await me.locator('.try-out__btn').click();
      const answer = page.waitForResponse((response) => response.url() === `${base}/v1/me`, {
        timeout: SLOW,
      });
      await me.locator('.execute').click();
      expect((await answer).status()).toBe(200);
      await expect
        .poll(
          async () =>
            (await me
              .locator('.live-responses-table tr.response .response-col_status')
              .first()
              .textContent()) ?? '',
          {
            timeout: SLOW,
          },
        )
        .toContain('200');
      expect(foreign, 'the page loads nothing from another origin').toEqual([]);
      await page.close();
    },
    SLOW * 2,
  );
});
