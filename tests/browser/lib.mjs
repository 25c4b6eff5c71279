// Shared harness of the browser tests: opens one of rtg's self-contained pages in Debian's
// headless chromium and hands the test the page, every console error and a screenshot helper.
//
// The pages must work offline, so every request other than the page file itself is refused and
// reported as an error: a page that reaches for a CDN fails its test.
import { chromium } from 'playwright-core';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The repository root, the rtg binary and a scratch directory, from `cargo xtask ci`. */
export const ROOT = resolve(process.env.RTG_ROOT ?? join(import.meta.dirname, '..', '..'));
export const RTG_BIN = process.env.RTG_BIN ?? join(ROOT, 'target', 'debug', 'rtg');
export const OUT = process.env.RTG_OUT ?? mkdtempSync(join(tmpdir(), 'rtg-browser-'));
const SHOTS = join(ROOT, 'target', 'browser');

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/**
 * Opens `htmlPath` (a file) in a fresh headless chromium, at the address's fragment `hash`
 * when given (`'#step=5'`: not part of the file's request).
 * Returns `{ page, consoleErrors, screenshot(name), close() }`: `consoleErrors` collects console
 * errors, uncaught exceptions and refused requests as strings; `screenshot(name)` writes
 * `target/browser/NAME.png` for a person to review.
 */
export async function openPage(htmlPath, { hash = '' } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'rtg-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    viewport: { width: 1280, height: 900 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const consoleErrors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => consoleErrors.push(`uncaught: ${err.message}`));
  const url = pathToFileURL(resolve(htmlPath)).href;
  await context.route('**/*', (route) => {
    if (route.request().url() === url) return route.continue();
    consoleErrors.push(`request refused (pages must be self-contained): ${route.request().url()}`);
    return route.abort();
  });
  await page.goto(url + hash, { waitUntil: 'load' });
  return {
    page,
    consoleErrors,
    async screenshot(name) {
      mkdirSync(SHOTS, { recursive: true });
      const path = join(SHOTS, `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
