// The e2e runs on the published site, read from the MinIO bucket in Chromium: each run listed with its verdict and
// isolation, the Shared run labelled "not isolated", a run's detail page with its tables and charts drawn, and the run
// whose upload e2e/hostile_results.sh rewrote (HTML in its step label and CPU model, a truncated .hlog) shown safely.
//   node e2e/site.mjs SITE_URL OUT_DIR HOSTILE_RUN_KEY RUN_NAME...       (HOSTILE_RUN_KEY: namespace/name/uid)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checks, drawnCanvases, launchChromium } from '../reports-site/test-browser/serve.mjs';

const [url, out, hostile, ...names] = process.argv.slice(2);
// the runs whose Isolated condition is True (e2e/run.sh wrote their status to OUT/runs.json)
const isolatedRuns = new Set(
  JSON.parse(readFileSync(join(out, 'runs.json'), 'utf8'))
    .items.filter((r) => (r.status?.conditions ?? []).some((c) => c.type === 'Isolated' && c.status === 'True'))
    .map((r) => r.metadata.name),
);
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
const errors = [];
page.on('pageerror', (e) => errors.push(String(e)));
const ready = () => page.waitForSelector('#app[data-ready="true"]', { timeout: 30000 });
const tests = checks(page, join(out, 'shots'));
const check = tests.check;

const rowOf = async (name) => {
  for (const row of await page.$$('table.grid tbody tr')) {
    const text = await row.textContent();
    if (text.includes(`e2e/${name}`)) return text;
  }
  return null;
};

await check('every run is listed with an OK verdict and its isolation verdict', async () => {
  await page.goto(`${url}#/?label=suite%3De2e`);
  await ready();
  for (const name of names) {
    const row = await rowOf(name);
    assert.ok(row, `${name} is listed`);
    assert.match(row, /OK/, `${name} shows OK: ${row}`);
    // as its Isolated condition says: on the one-CPU node every run whose measured threads share it, a Shared run and a
    // run at the user's own server are not isolated; a one-thread run (the plugin's codec on its sender) is
    const isolated = isolatedRuns.has(name);
    assert.match(row, isolated ? /isolated/ : /not isolated/, `${name} is labelled ${isolated ? '' : 'not '}isolated: ${row}`);
    if (isolated) assert.doesNotMatch(row, /not isolated/, `${name} is labelled isolated: ${row}`);
  }
  await page.screenshot({ path: join(out, 'shots', 'list.png'), fullPage: true });
});

await check('a label carrying HTML and script is shown as text, and nothing runs', async () => {
  await page.goto(`${url}#/?label=suite%3De2e`);
  await ready();
  const shared = names.find((n) => n.includes('shared'));
  await page.click(`a.run-link:has-text("e2e/${shared}")`);
  await ready();
  await page.waitForTimeout(500);
  assert.match(await page.textContent('#app'), /<img src=x onerror=/, 'the label text is shown literally');
  assert.equal(await page.$$eval('#app img', (i) => i.length), 0, 'no <img> was injected');
  assert.equal(await page.evaluate(() => window.__xss), undefined, 'no script ran');
  await page.screenshot({ path: join(out, 'shots', `run-${shared}.png`), fullPage: true });
});

await check('a run page shows its tables and drawn charts, provenance and the cpuset', async () => {
  await page.goto(`${url}#/?label=suite%3De2e`);
  await ready();
  await page.click(`a.run-link:has-text("e2e/${names[0]}")`);
  await ready();
  await page.waitForTimeout(1000);
  assert.ok((await page.$$('table.num')).length >= 1, 'a step table');
  const drawn = await drawnCanvases(page);
  assert.ok(drawn >= 2, `charts drawn: ${drawn}`);
  assert.match(await page.textContent('#app'), /localhost/, 'the node is shown');
  await page.screenshot({ path: join(out, 'shots', `run-${names[0]}.png`), fullPage: true });
});

await check('the run with a baseline compares with it: overlaid distributions, deltas with intervals and a verdict', async () => {
  const after = names.find((n) => n.includes('after-change'));
  await page.goto(`${url}#/?label=suite%3De2e`);
  await ready();
  await page.click(`a.run-link:has-text("e2e/${after}")`);
  await ready();
  await page.click('a.baseline');
  await ready();
  await page.waitForTimeout(1000);
  const text = await page.textContent('#app');
  assert.ok(text.includes(`e2e/${after}`) && /e2e\/e2e-dispatch-sweep\b/.test(text), 'both runs are named');
  assert.match(text, /95% interval/);
  // the compare's own words (docs/compare.md); two repetitions a run, as here, are too few to tell
  const verdicts = await page.$$eval('table.ratios tbody tr', (rows) => rows.map((r) => r.lastElementChild.textContent.trim()));
  assert.ok(verdicts.length >= 3, `a row per step and percentile (${verdicts.length})`);
  for (const v of verdicts) assert.match(v, /^(slower|faster|no change|too few repetitions to tell)$/, 'each delta has a verdict');
  assert.ok((await drawnCanvases(page)) >= 1, 'the distributions are drawn');
  await page.screenshot({ path: join(out, 'shots', 'compare-baseline.png'), fullPage: true });
});

await check('a rewritten upload: its HTML shown as text, the truncated .hlog an error for that timeline only', async () => {
  await page.goto(`${url}#/run/${encodeURIComponent(hostile)}`);
  await ready();
  await page.waitForSelector('.error', { timeout: 10000 });
  assert.match(await page.textContent('.error'), /interval log/, 'the timeline says its .hlog could not be read');
  assert.ok((await page.$$('table.num')).length >= 1, 'the step table still shows');
  const text = await page.textContent('#app');
  assert.match(text, /<img src=x onerror=window.__xss=1>/, 'the step label is shown literally');
  assert.match(text, /<script>window.__xss=2<\/script>/, 'the CPU model is shown literally');
  assert.equal(await page.$$eval('#app img, #app script', (e) => e.length), 0, 'nothing was injected');
  assert.equal(await page.evaluate(() => window.__xss), undefined, 'no script ran');
  await page.screenshot({ path: join(out, 'shots', 'run-hostile-upload.png'), fullPage: true });
});

await check('no script errors', async () => assert.deepEqual(errors, []));
await browser.close();
console.log(`site: ${tests.failures} failures`);
process.exit(tests.failures ? 1 : 0);
