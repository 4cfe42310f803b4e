// The compare view in real Chromium, on site data the Java publisher wrote from real recorded repetitions (compare/'s
// recorded/udp-echo-closed: 20 repetitions a step of one build): two halves of that build say "no change" everywhere; the
// second half made twice as slow says "slower" at p50; a run whose config differs where it decides gets no verdict until
// "compare anyway".
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { openSite } from './serve.mjs';

const site = fileURLToPath(new URL('..', import.meta.url));
const root = join(site, '..');
const shots = join(site, 'test-results');
mkdirSync(shots, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'isobench-site-compare-'));
const recorded = JSON.parse(
  readFileSync(join(root, 'compare/src/test/resources/io/isobench/compare/recorded/udp-echo-closed.json'), 'utf8'),
);

const LATENCY = ['min', 'p50', 'p66', 'p75', 'p80', 'p90', 'p95', 'p98', 'p99', 'p99_9', 'p99_99', 'p99_999', 'max', 'mean', 'stddev'];

/** Repetitions [from, to) of every recorded step, latencies × factor, the merged count their sum, as a runner would write it. */
function slice(id, minute, from, to, factor, config = recorded.config) {
  const run = structuredClone(recorded);
  run.runId = `20261125t00${minute}00z-${id}`;
  run.startedAt = `2026-11-25T00:${minute}:00Z`;
  run.config = { ...config, repetitions: to - from };
  for (const step of run.steps) {
    step.repetitions = step.repetitions.slice(from, to).map((rep, i) => {
      for (const k of LATENCY) rep.latency[k] = Math.round(rep.latency[k] * factor);
      // the recorded files were not kept (recorded/README.md): name none
      return { ...rep, index: i + 1, files: {} };
    });
    for (const k of LATENCY) step.merged.latency[k] = Math.round(step.merged.latency[k] * factor);
    step.merged.latency.count = step.repetitions.reduce((n, r) => n + r.latency.count, 0);
    step.merged.files = {};
  }
  const dir = join(work, 'runs', id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'result.json'), JSON.stringify(run, null, 1));
}
slice('half-a', 10, 0, 5, 1);
slice('half-b', 11, 5, 10, 1);
slice('twice-as-slow', 12, 5, 10, 2);
slice('bigger-messages', 13, 5, 10, 1, { ...recorded.config, messageBytes: 1024 });

const out = join(work, 'site');
execFileSync(
  join(root, 'publisher', 'bin', 'isobench-publish'),
  ['--from', join(work, 'runs'), '--to', out, '--site-bundle', join(site, 'dist')],
  { stdio: 'inherit' },
);
const keys = Object.fromEntries(
  JSON.parse(readFileSync(join(out, 'data', 'index', 'runs-0000.json'), 'utf8')).runs.map((e) => [e.uid.replace(/^.*z-/, ''), e.key]),
);

const { base, page, ready, tests, finish } = await openSite(out, shots);
const compare = async (a, b) => {
  await page.goto(`${base}#/compare/${encodeURIComponent(keys[a])},${encodeURIComponent(keys[b])}`);
  await ready();
  await page.waitForTimeout(300);
};
/** The verdict table: [step, percentile, verdict] per row. */
const verdicts = () =>
  page.$$eval('table.ratios tbody tr', (rows) =>
    rows.map((r) => {
      const cells = [...r.querySelectorAll('td')].map((c) => c.textContent);
      return [cells[0], cells[1], cells[cells.length - 1]];
    }),
  );

await tests.check('two halves of one build: no change, each with its interval', async () => {
  await compare('half-a', 'half-b');
  const rows = await verdicts();
  assert.equal(rows.length, 6, 'two steps × p50, p99, p99.9');
  assert.deepEqual(
    rows.map((r) => r[2]),
    Array(6).fill('no change'),
  );
  const text = await page.textContent('#app');
  assert.match(text, /Holm over the 6 comparisons/);
  assert.match(text, /\d\.\d+× – \d\.\d+×|\d\.\d+ – \d\.\d+/, 'an interval on every row');
  assert.doesNotMatch(text, /Not comparable|Steps not compared/);
  await page.screenshot({ path: join(shots, 'compare-no-change.png'), fullPage: true });
});

await tests.check('the second half twice as slow: slower at p50 of every step', async () => {
  await compare('half-a', 'twice-as-slow');
  const rows = await verdicts();
  assert.deepEqual(
    rows.filter((r) => r[1] === 'p50').map((r) => r[2]),
    ['slower', 'slower'],
  );
  assert.ok(!rows.some((r) => r[2] === 'faster'));
  await page.screenshot({ path: join(shots, 'compare-slower.png'), fullPage: true });
});

await tests.check('a config that decides differs: no verdict until "compare anyway", the difference named', async () => {
  await compare('half-a', 'bigger-messages');
  let text = await page.textContent('#app');
  assert.match(text, /Not comparable: .*config\.messageBytes25610\d{2}yes/);
  assert.equal((await page.$$('table.ratios')).length, 0, 'no verdict');
  await page.click('text=compare anyway');
  await page.waitForTimeout(300);
  text = await page.textContent('#app');
  assert.match(text, /Compared anyway, across differences that decide what is measured/);
  assert.equal((await verdicts()).length, 6);
  await page.screenshot({ path: join(shots, 'compare-anyway.png'), fullPage: true });
});

await finish('compare browser tests');
