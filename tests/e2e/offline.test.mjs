// Offline: after one visit the app starts and keeps its games with no
// network and no host; a new build deployed on the host is found, offered,
// and loaded only when the arbiter accepts. Under / and under a sub-path.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGame, savePin, useApp } from './harness.mjs';

/// A copy of dist/ as the next build: index.html changed (marked, to tell
/// the versions apart) and the service worker written by the build's script.
function nextBuild() {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-next-'));
  cpSync('dist', dir, { recursive: true });
  const index = join(dir, 'index.html');
  // Before the title: the release's minified HTML has no <head> tag.
  writeFileSync(index, readFileSync(index, 'utf8').replace('<title>', '<meta name="arbiter-build" content="next" /><title>'));
  execFileSync(process.execPath, ['scripts/precache.mjs', dir]);
  const version = readFileSync(join(dir, 'sw.js'), 'utf8').match(/"version":"(\w+)"/)[1];
  return { dir, version };
}

for (const base of ['/', '/sub/path/']) {
  describe(`served under ${base}`, () => {
    const app = useApp({ base });

    test('the web manifest and its icons load from where the app is', async () => {
      const { page, context } = await app.open();
      const manifest = await page.evaluate(async () => {
        const href = document.querySelector('link[rel="manifest"]').href;
        const manifest = await (await fetch(href)).json();
        const icons = await Promise.all(manifest.icons.map(async ({ src, sizes, purpose }) => {
          const image = new Image();
          image.src = new URL(src, href).href;
          await image.decode();
          const drawn = `${image.naturalWidth}x${image.naturalHeight}`;
          return sizes === 'any' || sizes === drawn ? `${purpose} ${sizes}` : `${purpose} ${sizes} drawn ${drawn}`;
        }));
        const at = (url) => new URL(url, href).href;
        return { start: at(manifest.start_url), scope: at(manifest.scope), display: manifest.display, icons };
      });
      assert.deepEqual(manifest, {
        start: app.url,
        scope: app.url,
        display: 'standalone',
        icons: ['any any', 'any 192x192', 'any 512x512', 'maskable 512x512'],
      });
      await context.close();
    });

    test('works offline after one visit, and offers the next build', async () => {
      const { page, context, errors } = await app.open();
      // The worker takes the page over once it has cached the whole build.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await savePin(page, '2468');
      await createGame(page, { white: 'Offline, Ada', black: 'Cache, Bruno' });

      await context.setOffline(true);
      await app.stopServer();
      await page.reload();
      await page.getByRole('heading', { name: 'Offline, Ada – Cache, Bruno' }).waitFor();
      await page.getByRole('link', { name: 'Games' }).click();
      await page.getByRole('link', { name: /Offline, Ada/ }).waitFor();
      await createGame(page, { white: 'Nowire, Carla', black: 'Cache, Bruno' });
      await page.goto(app.url);
      await page.getByRole('link', { name: /Nowire, Carla/ }).waitFor();
      await page.getByRole('link', { name: /Offline, Ada/ }).waitFor();

      const next = nextBuild();
      try {
        await app.serve(next.dir);
        await context.setOffline(false);
        await page.reload();
        const notice = page.getByRole('status').filter({ hasText: 'A new version of Arbiter is ready' });
        // The new worker first caches the whole build, which the test server
        // compresses on first request (brotli, seconds for the wasm).
        await notice.waitFor({ timeout: 60_000 });
        // The version in use goes on until the arbiter accepts.
        assert.equal(await page.locator('meta[name="arbiter-build"]').count(), 0);
        if (base === '/') {
          // A player recording his moves is not asked: the offer waits
          // until the arbiter has left recording mode.
          await page.getByRole('link', { name: /Nowire, Carla/ }).click();
          await page.getByRole('link', { name: 'Scoresheet', exact: true }).click();
          await page.getByRole('button', { name: 'Recording mode (hand to the player)' }).click();
          await page.getByText('Recording mode', { exact: true }).waitFor();
          assert.equal(await notice.count(), 0, 'no offer in recording mode');
          await page.getByRole('button', { name: 'Leave recording mode (arbiter)' }).click();
          await page.getByLabel("Arbiter's PIN").fill('2468');
          await page.getByRole('button', { name: 'Unlock' }).click();
          await notice.waitFor();
          await page.getByRole('link', { name: 'Games' }).click();
        }
        await page.getByRole('button', { name: 'Reload now' }).press('Enter');
        await page.locator('meta[name="arbiter-build"]').waitFor({ state: 'attached' });
        await page.getByRole('link', { name: /Nowire, Carla/ }).waitFor();
        assert.equal(await notice.count(), 0);
        // Only the new build's files are kept.
        assert.deepEqual(await page.evaluate(() => caches.keys()), [`arbiter ${app.url} ${next.version}`]);
      } finally {
        rmSync(next.dir, { recursive: true, force: true });
      }
      assert.deepEqual(errors, []);
      await context.close();
    });
  });
}
