// The series view in real Chromium, on site data the Java publisher wrote: thirty nights of one benchmark made from the
// real recorded repetitions of compare/'s recorded/udp-echo-closed (the same five repetitions each night, ±1 % of noise),
// the last fifteen 25 % slower and one night FAILed. The change point is marked between nights 14 and 15 with its shift,
// every point opens its run, the FAILed night is shown and not used, and a CPU model written as HTML stays text.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { drawnCanvases, openSite } from './serve.mjs';

const site = fileURLToPath(new URL('..', import.meta.url));
const root = join(site, '..');
const shots = join(site, 'test-results');
mkdirSync(shots, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'isobench-site-series-'));
const recorded = JSON.parse(
  readFileSync(join(root, 'compare/src/test/resources/io/isobench/compare/recorded/udp-echo-closed.json'), 'utf8'),
);

const LATENCY = ['min', 'p50', 'p66', 'p75', 'p80', 'p90', 'p95', 'p98', 'p99', 'p99_9', 'p99_99', 'p99_999', 'max', 'mean', 'stddev'];
const HOSTILE_CPU = '<img src=x onerror="window.__pwned=1">EPYC';
const NIGHTS = 30;
const SHIFT_AT = 15;

// a seeded generator: the same nights every run of this test
let seed = 42;
const uniform = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const gaussian = () => Math.sqrt(-2 * Math.log(uniform() || 1e-12)) * Math.cos(2 * Math.PI * uniform());

const name = (night) => `night-${String(night).padStart(2, '0')}`;
function night(n) {
  const run = structuredClone(recorded);
  const factor = (n >= SHIFT_AT ? 1.25 : 1) * (1 + 0.01 * gaussian());
  run.runId = name(n);
  run.startedAt = new Date(Date.UTC(2026, 9, 1 + n, 2)).toISOString();
  run.finishedAt = new Date(Date.UTC(2026, 9, 1 + n, 2, 5)).toISOString();
  run.environment.cpuModel = HOSTILE_CPU;
  run.config = { ...recorded.config, repetitions: 5 };
  for (const step of run.steps) {
    step.repetitions = step.repetitions.slice(0, 5).map((rep, i) => {
      for (const k of LATENCY) rep.latency[k] = Math.round(rep.latency[k] * factor);
      // the recorded files were not kept (recorded/README.md): name none
      return { ...rep, index: i + 1, files: {} };
    });
    for (const k of LATENCY) step.merged.latency[k] = Math.round(step.merged.latency[k] * factor);
    step.merged.latency.count = step.repetitions.reduce((c, r) => c + r.latency.count, 0);
    step.merged.files = {};
  }
  if (n === 7) {
    const step = run.steps[0];
    step.repetitions[0] = { ...step.repetitions[0], verdict: 'FAIL', reason: 'rate missed by the generator' };
    step.verdict = 'FAIL';
    step.reason = 'repetition 1: rate missed by the generator';
    run.verdict = 'FAIL';
    run.reason = step.reason;
  }
  const dir = join(work, 'runs', name(n));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'result.json'), JSON.stringify(run, null, 1));
}
for (let n = 0; n < NIGHTS; n++) night(n);

const out = join(work, 'site');
execFileSync(
  join(root, 'publisher', 'bin', 'isobench-publish'),
  ['--from', join(work, 'runs'), '--to', out, '--site-bundle', join(site, 'dist')],
  { stdio: 'inherit' },
);
const entries = JSON.parse(readFileSync(join(out, 'data', 'index', 'runs-0000.json'), 'utf8')).runs;
const keyOf = (n) => entries.find((e) => e.uid === name(n)).key;
const seriesKey = entries[0].series;
assert.ok(
  entries.every((e) => e.series === seriesKey),
  'thirty nights of one benchmark are one series',
);

const { base, page, ready, tests, finish } = await openSite(out, shots);
const open = async (hash) => {
  await page.goto(`${base}${hash}`);
  await ready();
  await page.waitForTimeout(200);
};

await tests.check('the list links each run to its series', async () => {
  await open('#/');
  await page.click(`tr:has(a[href="#/run/${encodeURIComponent(keyOf(3))}"]) a.series-link`);
  await ready();
  assert.equal(await page.evaluate(() => location.hash), `#/series/${seriesKey}`);
  assert.match(await page.textContent('h1'), /^Series · udp-echo$/);
});

await tests.check('the change point is marked between nights 14 and 15, with the night that found it and the shift', async () => {
  await open(`#/series/${seriesKey}`);
  const rows = await page.$$eval('table.change-points tbody tr', (trs) =>
    trs.map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => ({
        text: td.textContent,
        links: [...td.querySelectorAll('a')].map((a) => a.getAttribute('href')),
      })),
    ),
  );
  assert.equal(rows.length, 1, 'one change point');
  const [before, after, closedBy, shifts] = rows[0];
  assert.deepEqual(before.links, [`#/run/${encodeURIComponent(keyOf(SHIFT_AT - 1))}`]);
  assert.deepEqual(after.links, [`#/run/${encodeURIComponent(keyOf(SHIFT_AT))}`]);
  assert.equal(closedBy.links.length, 1);
  assert.match(shifts.text, /p50: slower \+2[3-7]\.\d % \(95 %: \+\d+\.\d … \+\d+\.\d %\)/);
  const markers = await page.$$eval('.series-chart .change-marker', (ms) =>
    ms.map((m) => ({ text: m.textContent, left: parseFloat(m.style.left) })),
  );
  assert.equal(markers.length, 2, "one marker on each step's chart");
  for (const m of markers) {
    assert.match(m.text, /p50 \+2[3-7] %/);
    assert.ok(m.left > 0, 'placed on the time axis');
  }
  assert.equal(await drawnCanvases(page), 2, "each step's chart drawn");
  await page.screenshot({ path: join(shots, 'series-change-point.png'), fullPage: true });
});

await tests.check('the FAILed night is shown and not used; the rule is stated', async () => {
  await open(`#/series/${seriesKey}`);
  const text = await page.textContent('#app');
  assert.match(text, /30 runs · 29 used for change points · 1 change point\(s\)/);
  assert.match(await page.textContent('.not-used'), /1 run\(s\): the run's verdict is not OK/);
  assert.match(text, /α = 0\.0005 per boundary \(at most 5 % of 100-run series with no change show one\)/);
});

await tests.check('every point opens its run', async () => {
  await open(`#/series/${seriesKey}`);
  const over = await page.$('.series-chart .u-over');
  await over.scrollIntoViewIfNeeded();
  const box = await over.boundingBox();
  await page.mouse.move(box.x + box.width * 0.1 - 5, box.y + box.height / 2);
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height / 2);
  const pointed = await page.$eval('.picked a.run-link', (a) => a.getAttribute('href'));
  assert.match(pointed, /^#\/run\/local%2Fudp-echo%2Fnight-0\d$/);
  await page.mouse.click(box.x + box.width * 0.1, box.y + box.height / 2);
  await ready();
  assert.equal(await page.evaluate(() => location.hash), pointed);
  assert.match(await page.textContent('h1'), /^local\/udp-echo$/);
  await page.click('a.series-link');
  await ready();
  assert.equal(await page.evaluate(() => location.hash), `#/series/${seriesKey}`, 'the run page links back to its series');
});

await tests.check('what a run author wrote stays text: a CPU model in HTML is shown as written, nothing runs', async () => {
  await open(`#/series/${seriesKey}`);
  const facts = await page.$$eval('table.facts tr', (trs) => trs.map((tr) => tr.textContent));
  assert.ok(facts.includes(`environment.cpuModel${HOSTILE_CPU}`), facts.join(' | '));
  assert.equal(await page.$$eval('#app img', (imgs) => imgs.length), 0);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
});

await tests.check('a key that is not a series key is refused with the key named', async () => {
  await open('#/series/..%2F..%2Fcatalog');
  assert.match(await page.textContent('[role=alert]'), /'\.\.\/\.\.\/catalog' is not a series key \(16 hex digits\)/);
});

await finish('series browser tests');
