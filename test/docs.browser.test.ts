import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, hasBrowser, launchBrowser } from './support/browser.ts';
import { startService, type TestService } from './support/service.ts';

/**
 * The reference page at /docs opened in a real headless browser: Debian's chromium, driven by
 * playwright-core (`.ci/run` installs it). Without a browser on the machine the test says so
 * and is skipped.
 */
if (!hasBrowser())
  console.warn(`No browser at ${CHROMIUM}: the /docs browser test is skipped (apt-get install chromium).`);

// A browser on a shared machine is slow to start and to render: these waits are generous on purpose.
const SLOW = 180_000;

/** Where the screenshots of a run are kept (ignored by git): they go with a change's note. */
const SHOTS = join(process.cwd(), '.test-data', 'screenshots');

/** The decision operation's place on the page. */
const DECISION = 'funder-api-reference/tag/requests/POST/v1/requests/{id}/decision';

describe.skipIf(!hasBrowser())('the reference page in a browser', () => {
  let service: TestService;
  let browser: Browser;
  let base: string;
  let key: string;

  beforeAll(async () => {
    service = await startService();
    key = (await service.given.funderWithKey({ environment: 'sandbox', scopes: ['requests:read'] })).key;
    await service.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
    await mkdir(SHOTS, { recursive: true });
    browser = await launchBrowser();
  }, SLOW);

  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it(
    'finds an operation by one of its error codes, shows its Python sample, and calls GET /v1/me from the page with a 200',
    async () => {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      const foreign: string[] = [];
      let documentReads = 0;
      page.on('request', (request) => {
        const url = request.url();
        if (url === `${base}/v1/openapi.json`) documentReads += 1;
        if (!url.startsWith(base) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
      });
      await page.goto(`${base}/docs/`);
      await expect.poll(() => page.title(), { timeout: SLOW }).toBe('funder-api reference');
      // Navigation by area: the areas are listed, the first one open.
      await page.getByText('Service health').first().waitFor({ timeout: SLOW });
      for (const area of ['Requests', 'Webhooks', 'Sandbox']) {
        await page.getByText(area, { exact: true }).first().waitFor({ timeout: SLOW });
      }
      await page.screenshot({ path: join(SHOTS, 'docs-1-opened.png') });

      // The key, given once, is used by every "Test request".
      await page.getByPlaceholder('Token').first().fill(key);

      // Search by an error code lands on the one operation that answers it.
      await page.keyboard.press('Control+k');
      await page
        .getByRole('combobox')
        .or(page.locator('[role=dialog] input'))
        .first()
        .fill('funding_amount_mismatch');
      const hit = page.getByText('Offer, decline, fund or record a settlement').last();
      await hit.waitFor({ timeout: SLOW });
      await page.screenshot({ path: join(SHOTS, 'docs-2-search.png') });
      await hit.click();
      const decision = page.locator(
        '[id="funder-api-reference/tag/requests/POST/v1/requests/{id}/decision"]',
      );
      await decision.waitFor({ timeout: SLOW });
      await expect.poll(() => page.url(), { timeout: SLOW }).toContain('POST/v1/requests/{id}/decision');
      expect(await decision.textContent()).toContain('funding_amount_mismatch');

      // Its samples, only those the document carries (test/docs-samples.test.ts runs each): curl
      // first, the typed client's TypeScript, Java, and Python (standard library) on request.
      await expect
        .poll(async () => (await decision.textContent()) ?? '', { timeout: SLOW })
        .toContain('curl -sS --fail-with-body -X POST');
      await decision.getByTestId('client-picker').click();
      for (const client of ['curl', 'TypeScript', 'Java']) {
        await page.getByRole('option', { name: client, exact: true }).waitFor({ timeout: SLOW });
      }
      await page.getByRole('option', { name: 'Python', exact: true }).click();
      await expect
        .poll(async () => (await decision.textContent()) ?? '', { timeout: SLOW })
        .toContain('urllib.request.urlopen(request)');
      await page.screenshot({ path: join(SHOTS, 'docs-3-python.png') });

      // Try it: GET /v1/me from the page, with the key given above.
      const me = page.locator('[id="funder-api-reference/tag/account/GET/v1/me"]');
      await page.locator('[data-sidebar-id="funder-api-reference/tag/account/GET/v1/me"]').first().click();
      await me.getByRole('button', { name: 'Test Request' }).click();
      const answer = page.waitForResponse((response) => response.url() === `${base}/v1/me`, {
        timeout: SLOW,
      });
      await page.getByRole('button', { name: /Send/ }).first().click();
      expect((await answer).status()).toBe(200);
      await page.screenshot({ path: join(SHOTS, 'docs-4-try-it.png') });
      expect(foreign, 'the page loads nothing from another origin').toEqual([]);
      // The starter reads the document the page preloaded: it is fetched once.
      expect(documentReads).toBe(1);
      await page.close();
    },
    SLOW * 2,
  );

  /** The decision operation opened at its place on the page, at a given width. */
  async function decisionAt(width: number) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${base}/docs/#tag/requests/POST/v1/requests/{id}/decision`);
    const decision = page.locator(`[id="${DECISION}"]`);
    await decision.waitFor({ timeout: SLOW });
    const answers = decision.locator('.response-card').first();
    await answers.waitFor({ timeout: SLOW });
    await answers.scrollIntoViewIfNeeded();
    return { page, decision, answers };
  }

  it(
    'shows every status tab of the decision in sight, at a laptop’s width and a phone’s',
    async () => {
      const document = await service.call<{ paths: Record<string, Record<string, { responses: object }>> }>(
        null,
        'GET',
        '/v1/openapi.json',
      );
      const statuses = Object.keys(document.body.paths['/v1/requests/{id}/decision']!.post!.responses).sort();
      expect(statuses.length).toBeGreaterThan(10);
      for (const width of [1280, 390]) {
        const { page, answers } = await decisionAt(width);
        const tabs = answers.getByRole('tab');
        await expect.poll(() => tabs.count(), { timeout: SLOW }).toBe(statuses.length);
        // Each tab within the visible box of the card and of every box around it that clips
        // (the tab list, its header), and within the window: nothing to scroll to.
        const outside = await answers.evaluate((card) => {
          const box = (e: Element) => e.getBoundingClientRect();
          let visible = { left: 0, top: -Infinity, right: window.innerWidth, bottom: Infinity };
          const list = card.querySelector('[role=tablist]')!;
          for (let e: Element | null = list; e && e !== card.parentElement; e = e.parentElement) {
            const style = getComputedStyle(e);
            if (e !== card && style.overflowX === 'visible' && style.overflowY === 'visible') continue;
            const b = box(e);
            visible = {
              left: Math.max(visible.left, b.left),
              top: Math.max(visible.top, b.top),
              right: Math.min(visible.right, b.right),
              bottom: Math.min(visible.bottom, b.bottom),
            };
          }
          return [...list.querySelectorAll('[role=tab]')]
            .filter((tab) => {
              const b = box(tab);
              return (
                b.width === 0 ||
                b.left < visible.left - 0.5 ||
                b.right > visible.right + 0.5 ||
                b.top < visible.top - 0.5 ||
                b.bottom > visible.bottom + 0.5
              );
            })
            .map((tab) => tab.textContent?.trim());
        });
        expect(outside, `tabs out of sight at ${width} px`).toEqual([]);
        expect((await tabs.allTextContents()).map((text) => text.replace(/\D/g, ''))).toEqual(statuses);
        await answers.screenshot({ path: join(SHOTS, `docs-5-decision-tabs-${width}.png`) });
        await page.close();
      }
    },
    SLOW * 2,
  );

  it(
    'shows the decision’s first sample (a decline) beside its answer, and samples that call the address the page came from',
    async () => {
      expect(new URL(base).port).not.toBe('8080');
      const { page, decision, answers } = await decisionAt(1280);
      // The first request sample, curl, sends the first example: a decline, and calls this service.
      await expect
        .poll(async () => (await decision.textContent()) ?? '', { timeout: SLOW })
        .toContain(`curl -sS --fail-with-body -X POST '${base}/v1/requests/ID/decision'`);
      const sample = decision.locator('.scalar-code-block').first();
      expect(await sample.textContent()).toContain('"decision": "decline"');
      // The first answer shown: the 200 tab open, with the decline's answer.
      await expect
        .poll(async () => (await answers.getByRole('tab', { selected: true }).textContent()) ?? '', {
          timeout: SLOW,
        })
        .toMatch(/200/);
      await expect
        .poll(async () => (await answers.textContent()) ?? '', { timeout: SLOW })
        .toContain('"declined"');
      expect(await answers.textContent()).toContain('"decision": "decline"');
      // Every language's sample calls the page's own address, none the local default.
      for (const client of ['TypeScript', 'Python', 'Java']) {
        await decision.getByTestId('client-picker').click();
        await page.getByRole('option', { name: client, exact: true }).click();
        await expect.poll(async () => (await sample.textContent()) ?? '', { timeout: SLOW }).toContain(base);
        expect(await sample.textContent(), client).not.toContain('localhost:8080');
      }
      expect(await page.content()).not.toContain('localhost:8080');
      await page.screenshot({ path: join(SHOTS, 'docs-6-decision-first-example.png') });
      await page.close();
    },
    SLOW * 2,
  );
});
