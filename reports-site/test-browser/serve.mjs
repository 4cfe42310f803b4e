// A static server for a published site folder on 127.0.0.1 and Debian's Chromium with the flags this workplace
// needs, and the checks helper: shared by the browser tests, the site benchmark and the e2e site checks.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';

/**
 * Starts `isobench-runner server ...args` and resolves to { server, address } once it says where it listens (within a
 * minute): the runner's own servers, for the browser tests that run the real runner against one.
 */
export async function runnerServer(runner, args, env) {
  const server = spawn(runner, ['server', ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const address = await new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`server did not listen within 60 s: ${text}`)), 60_000);
    server.stderr.on('data', (chunk) => {
      text += chunk;
      const m = /listening on ([0-9.]+:[0-9]+)/.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
  });
  return { server, address };
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

/**
 * Serves `root` on an ephemeral 127.0.0.1 port; resolves to { server, base } where base is the index.html URL.
 * `answer(path)`, when given, may hold a request back or refuse it: it resolves to an HTTP status to send instead of
 * the file, or to nothing to serve the file.
 */
export async function serveSite(root, answer) {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const status = answer ? await answer(path) : undefined;
    if (status) {
      res.writeHead(status);
      res.end();
      return;
    }
    try {
      const body = readFileSync(join(root, path));
      res.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { server, base: `http://127.0.0.1:${server.address().port}/index.html` };
}

export function launchChromium() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Named checks that go on after a failure, each failure with a full-page screenshot in `shots`. */
export function checks(page, shots) {
  let failures = 0;
  return {
    async check(name, fn) {
      try {
        await fn();
        console.log(`ok   ${name}`);
      } catch (e) {
        failures++;
        console.log(`FAIL ${name}: ${e.message}`);
        await page.screenshot({ path: join(shots, `FAIL-${name.replace(/\W+/g, '-')}.png`), fullPage: true }).catch(() => {});
      }
    },
    get failures() {
      return failures;
    },
  };
}

/** How many canvases on the page have at least one painted pixel (charts really drawn, not just laid out). */
export function drawnCanvases(page) {
  return page.$$eval(
    'canvas',
    (cs) =>
      cs.filter((c) => {
        const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
        return false;
      }).length,
  );
}

/**
 * The served site `root` in a Chromium page: the page, `ready()` (the app has rendered), named `tests` and `finish(what)`,
 * which requires that the page threw nothing, closes all and exits 1 if a check failed. `answer` as for serveSite.
 */
export async function openSite(root, shots, answer) {
  const { server, base } = await serveSite(root, answer);
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  const tests = checks(page, shots);
  return {
    base,
    page,
    tests,
    // the view the address bar names, rendered: a click that set location.hash is seen before its hashchange event
    // runs, when the previous view still says ready
    ready: () =>
      page.waitForFunction(
        () => {
          const app = document.getElementById('app');
          return app.dataset.ready === 'true' && app.dataset.shown === location.hash;
        },
        null,
        { timeout: 20000 },
      ),
    async finish(what) {
      assert.deepEqual(pageErrors, [], 'no uncaught errors in the page');
      await browser.close();
      server.close();
      if (tests.failures) {
        console.log(`${tests.failures} browser test(s) failed; screenshots in ${shots}`);
        process.exit(1);
      }
      console.log(`${what} passed; screenshots in ${shots}`);
    },
  };
}
