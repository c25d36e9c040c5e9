import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's chromium, driven by playwright-core (never a browser download). Shared by the /docs
 * browser test and the reference page's render benchmark (`bench/docs-render.ts`).
 */
export const CHROMIUM = '/usr/bin/chromium';

export const hasBrowser = (): boolean => existsSync(CHROMIUM);

/** Headless, no sandbox (containers), no GPU, and no calls of its own to any other origin. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
}
