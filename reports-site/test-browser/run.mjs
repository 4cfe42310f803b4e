// Browser tests in real Chromium (Debian's, driven by playwright-core) against site data the Java publisher wrote from
// a real runner run, plus a hostile run (HTML in labels and message, active files beside its own) and a run whose .hlog
// is truncated.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { drawnCanvases as drawnOn, openSite } from './serve.mjs';

const site = fileURLToPath(new URL('..', import.meta.url));
const root = join(site, '..');
const shots = join(site, 'test-results');
mkdirSync(shots, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'isobench-site-test-'));

// Four runs from one real run directory: two normal (to compare), a hostile one, a corrupt one.
const runs = join(work, 'runs');
const fixture = join(root, 'test-fixtures', 'runs', 'dispatch-closed');
const variants = { normal: 'run-a', other: 'run-b', hostile: 'run-hostile', corrupt: 'run-corrupt' };
for (const [kind, id] of Object.entries(variants)) {
  const dir = join(runs, kind);
  cpSync(fixture, dir, { recursive: true });
  const result = JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8'));
  result.runId = `20261123t0000${Object.keys(variants).indexOf(kind)}z-${id}`;
  result.startedAt = `2026-11-23T00:0${Object.keys(variants).indexOf(kind)}:00Z`;
  writeFileSync(join(dir, 'result.json'), JSON.stringify(result, null, 1));
  if (kind === 'hostile') {
    // what a runner could leave beside its files: the publisher must copy none of it
    const step = join(dir, 'steps', result.steps[0].id);
    writeFileSync(join(dir, 'steps', 'x.html'), '<script>window.__xss=3</script>');
    writeFileSync(join(step, 'evil.svg'), '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=4"/>');
    symlinkSync('/etc/passwd', join(step, 'passwd.hgrm'));
  }
  if (kind === 'corrupt') {
    const hlog = join(dir, result.steps[0].repetitions[0].files.hlog);
    const text = readFileSync(hlog, 'utf8');
    writeFileSync(hlog, text.slice(0, Math.floor(text.length * 0.7)));
  }
}
const out = join(work, 'site');
execFileSync(join(root, 'publisher', 'bin', 'isobench-publish'), ['--from', runs, '--to', out, '--site-bundle', join(site, 'dist')], {
  stdio: 'inherit',
});

// What a user could put in labels and messages: it must come out as text.
const HOSTILE = '<img src=x onerror="window.__xss=1">';
for (const shardFile of readdirSync(join(out, 'data', 'index'))) {
  const path = join(out, 'data', 'index', shardFile);
  const shard = JSON.parse(readFileSync(path, 'utf8'));
  for (const e of shard.runs)
    if (e.uid.includes('hostile')) {
      e.labels = { team: HOSTILE };
      e.message = `<script>window.__xss=2</script>`;
    }
  writeFileSync(path, JSON.stringify(shard));
}
// the publisher puts label values into the catalog's facets; so does this injection
const catalogPath = join(out, 'data', 'catalog.json');
const catalog = JSON.parse(readFileSync(catalogPath, 'utf8'));
catalog.facets.labels = { team: [HOSTILE] };
for (const s of catalog.shards) s.labels = { team: [HOSTILE] };
writeFileSync(catalogPath, JSON.stringify(catalog));
const hostileKey = JSON.parse(readFileSync(join(out, 'data', 'index', 'runs-0000.json'), 'utf8')).runs.find((e) =>
  e.uid.includes('hostile'),
).key;
const summaryPath = join(out, 'data', 'runs', hostileKey, 'summary.json');
const summary = JSON.parse(readFileSync(summaryPath, 'utf8'));
summary.labels = { team: HOSTILE };
summary.message = '<script>window.__xss=2</script>';
summary.isolation = { isolated: false, reason: `PinningFailed: runner pod on node n1: threads not pinned: agent (${HOSTILE})` };
writeFileSync(summaryPath, JSON.stringify(summary));

const { base, page, ready, tests, finish } = await openSite(out, shots);
const drawnCanvases = () => drawnOn(page);
const check = tests.check;

await check('the runs list shows every run, newest first, hostile text as text', async () => {
  await page.goto(base);
  await ready();
  const rows = await page.$$('table.grid tbody tr');
  assert.equal(rows.length, 4);
  assert.ok((await page.textContent('#app')).includes(HOSTILE), 'the hostile label is shown literally');
  assert.equal(await page.$$eval('table.grid img', (i) => i.length), 0, 'no <img> was injected');
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.__xss), undefined, 'no script ran');
  await page.screenshot({ path: join(shots, 'list.png'), fullPage: true });
});

await check('filtering by status and label works', async () => {
  await page.goto(`${base}#/?label=team`);
  await ready();
  assert.equal((await page.$$('table.grid tbody tr')).length, 1);
});

await check('run detail: the write-up tables and charts really drawn', async () => {
  await page.goto(base);
  await ready();
  await page.click('a.run-link >> nth=3');
  await ready();
  await page.waitForTimeout(800);
  assert.ok((await page.$$('table.num')).length >= 1, 'a step table');
  assert.match(await page.textContent('table.num'), /50%|p50/);
  assert.ok((await drawnCanvases()) >= 3, 'distribution, knee and timeline charts have pixels');
  await page.screenshot({ path: join(shots, 'run.png'), fullPage: true });
});

await check('the hostile run page shows its message and labels as text and runs no script', async () => {
  await page.goto(`${base}#/run/${encodeURIComponent(hostileKey)}`);
  await ready();
  assert.ok((await page.textContent('.message')).includes('<script>'));
  assert.equal(
    await page.textContent('.isolation-reason'),
    `not isolated: PinningFailed: runner pod on node n1: threads not pinned: agent (${HOSTILE})`,
  );
  assert.equal(await page.$$eval('#app img', (i) => i.length), 0, 'no <img> was injected');
  assert.equal(await page.evaluate(() => window.__xss), undefined);
  await page.screenshot({ path: join(shots, 'hostile.png'), fullPage: true });
});

await check('files a run holds that result.json does not name are not on the site', async () => {
  const step = JSON.parse(readFileSync(join(out, 'data', 'runs', hostileKey, 'result.json'), 'utf8')).steps[0].id;
  await page.goto(base);
  await ready();
  for (const path of ['x.html', `${step}/evil.svg`, `${step}/passwd.hgrm`]) {
    assert.ok(!existsSync(join(out, 'data', 'runs', hostileKey, 'steps', path)), `${path} was published`);
    const status = await page.evaluate((url) => fetch(url).then((r) => r.status), `data/runs/${hostileKey}/steps/${path}`);
    assert.equal(status, 404, path);
  }
  assert.equal(await page.evaluate(() => window.__xss), undefined, 'no script ran');
});

await check('a truncated .hlog is an error for that timeline only; the rest of the run still shows', async () => {
  const key = JSON.parse(readFileSync(join(out, 'data', 'index', 'runs-0000.json'), 'utf8')).runs.find((e) =>
    e.uid.includes('corrupt'),
  ).key;
  await page.goto(`${base}#/run/${encodeURIComponent(key)}`);
  await ready();
  await page.waitForSelector('.error', { timeout: 10000 });
  assert.match(await page.textContent('.error'), /interval log/);
  assert.ok((await page.$$('table.num')).length >= 1);
  await page.screenshot({ path: join(shots, 'corrupt-hlog.png'), fullPage: true });
});

await check('compare two runs: delta table with intervals and verdicts, overlaid distributions', async () => {
  await page.goto(base);
  await ready();
  await page.check('input[type=checkbox] >> nth=2');
  await page.check('input[type=checkbox] >> nth=3');
  await page.click('text=compare selected');
  await ready();
  await page.waitForTimeout(800);
  const text = await page.textContent('#app');
  // the fixture has 2 repetitions a step: below the minimum of 3 the verdict is never a guess
  assert.match(text, /too few repetitions to tell/, 'two repetitions a run: too few to tell');
  assert.doesNotMatch(text, /\bslower\b|\bfaster\b/, 'no verdict from two repetitions');
  assert.match(text, /95% interval/);
  assert.match(text, /2 and 2 repetitions: no interval/);
  assert.match(text, /isobench · 16 clients/, 'each delta row names its variant and step');
  assert.match(text, /published elsewhere/i, 'reference figures are labelled');
  assert.ok((await drawnCanvases()) >= 1);
  await page.screenshot({ path: join(shots, 'compare.png'), fullPage: true });
});

await finish('browser tests');
