// The harness itself: a page that loads cleanly passes, and one that reaches for the network is
// caught, so a self-contained page's test cannot pass by accident.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OUT, openPage } from './lib.mjs';

test('a self-contained page loads without errors and its DOM is readable', async () => {
  const file = join(OUT, 'harness-clean.html');
  writeFileSync(file, '<!doctype html><title>t</title><p id="n">41</p><script>document.getElementById("n").textContent = String(41 + 1);</script>');
  const { page, consoleErrors, close } = await openPage(file);
  try {
    assert.equal(await page.textContent('#n'), '42');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});

test('a page that loads a script from the network or throws is reported', async () => {
  const file = join(OUT, 'harness-dirty.html');
  writeFileSync(file, '<!doctype html><script src="https://example.invalid/lib.js"></script><script>throw new Error("boom")</script>');
  const { consoleErrors, close } = await openPage(file);
  try {
    assert.ok(consoleErrors.some((e) => e.startsWith('request refused')), consoleErrors.join('\n'));
    assert.ok(consoleErrors.some((e) => e.includes('boom')), consoleErrors.join('\n'));
  } finally {
    await close();
  }
});
