// A runner FAIL in real Chromium, end to end through the real command lines (issue #14, item 1): the runner against
// 127.0.0.1:1, where nothing listens, writes a FAIL ("Connection refused", no samples); the same client against a
// server that is there writes an OK run with the same step; a third run directory holds a result.json that cannot be
// believed. isobench-publish publishes the two, skips the third in one line and exits 4. The site shows the FAIL with
// the runner's reason and no made-up figures, and the compare view leaves the step without samples out.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { openSite, runnerServer } from './serve.mjs';

const site = fileURLToPath(new URL('..', import.meta.url));
const root = join(site, '..');
const runner = join(root, 'runner-image', 'bin', 'isobench-runner');
const shots = join(site, 'test-results');
mkdirSync(shots, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'isobench-site-failed-'));
const runs = join(work, 'runs');
const client = [
  'tcp-echo',
  '--mode',
  'closed',
  '--clients',
  '1',
  '--warmup',
  '200ms',
  '--duration',
  '500ms',
  '--repetitions',
  '1',
  '--probe-duration',
  '0',
  '--progress',
  'none',
];
const env = { ...process.env, ISOBENCH_HEAP: '256m' };

const refused = spawnSync(runner, [...client, '--server-address', '127.0.0.1:1', '--out', join(runs, 'refused')], {
  env,
  encoding: 'utf8',
});
assert.equal(refused.status, 1, `the runner exits 1 when its step FAILed\n${refused.stderr}`);

// the same client against a server that is there: a remote step of the same id, measured
const { server, address } = await runnerServer(runner, ['tcp-echo', '--port', '0', '--bind', '127.0.0.1'], env);
try {
  execFileSync(runner, [...client, '--server-address', address, '--rate-tolerance', '50%', '--out', join(runs, 'good')], {
    env,
    stdio: 'ignore',
  });
} finally {
  server.kill();
}

const broken = join(runs, 'broken');
cpSync(join(root, 'test-fixtures', 'runs', 'dispatch-closed'), broken, { recursive: true });
const brokenFile = join(broken, 'result.json');
writeFileSync(brokenFile, readFileSync(brokenFile, 'utf8').replace(/"windowNanos" : \d+/, '"windowNanos" : -5'));

const out = join(work, 'site');
const published = spawnSync(
  join(root, 'publisher', 'bin', 'isobench-publish'),
  ['--from', runs, '--to', out, '--site-bundle', join(site, 'dist')],
  { encoding: 'utf8' },
);
assert.equal(published.status, 4, `isobench-publish exits 4 when it skipped a run\n${published.stdout}${published.stderr}`);
assert.deepEqual(
  published.stderr.trim().split('\n'),
  [
    `isobench-publish: skipped ${brokenFile}: steps[0].repetitions[0].windowNanos = -5 ` +
      'is not a positive window; only a FAIL repetition that never reached its measured window has none',
  ],
  'one line, no stack trace',
);
assert.match(published.stdout, /^published 2 run\(s\) to /);

const reason = JSON.parse(readFileSync(join(runs, 'refused', 'result.json'), 'utf8')).reason;
assert.match(reason, /could not start tcp-echo remote: Connection refused$/);
const entries = JSON.parse(readFileSync(join(out, 'data', 'index', 'runs-0000.json'), 'utf8')).runs;
const failKey = entries.find((e) => e.verdict === 'FAIL').key;
const okKey = entries.find((e) => e.verdict === 'OK').key;

const { base, page, ready, tests, finish } = await openSite(out, shots);

await tests.check('the runs list shows the FAIL run without latency figures it never measured', async () => {
  await page.goto(base);
  await ready();
  const row = await page.$$eval('table.grid tbody tr', (rows) =>
    rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent)).find((cells) => cells.includes('FAIL')),
  );
  assert.ok(row, 'a FAIL row');
  assert.deepEqual(row.slice(-4), ['—', '—', '—', '0/s'], `p50, p99, max, achieved of the FAIL row: ${row.join(' | ')}`);
});

await tests.check('run detail: Failed · FAIL, the runner\'s own reason, and no "0 ns" figures', async () => {
  await page.goto(`${base}#/run/${encodeURIComponent(failKey)}`);
  await ready();
  await page.waitForTimeout(500);
  assert.match(await page.textContent('.run-header span.fail'), /Failed · FAIL/);
  assert.equal(await page.textContent('.run-header p.message'), reason);
  const steps = await page.textContent('table.grid');
  assert.doesNotMatch(steps, /0 ns/, 'the step table shows no figure for a step without samples');
  assert.match(steps, /FAIL — /);
  assert.match(await page.textContent('table.repetitions'), /Connection refused/);
  const text = await page.textContent('#app');
  assert.match(text, /no samples — nothing was measured/);
  assert.match(text, /no interval logs with samples/);
  await page.screenshot({ path: join(shots, 'failed-run.png'), fullPage: true });
});

await tests.check('compare leaves the step without samples out and says so', async () => {
  await page.goto(`${base}#/compare/${encodeURIComponent(okKey)},${encodeURIComponent(failKey)}`);
  await ready();
  await page.waitForTimeout(500);
  // the two runs' servers were at different addresses: a deciding difference, so no verdict until asked anyway
  assert.match(await page.textContent('#app'), /Not comparable: .*config\.server.*yes/);
  assert.equal((await page.$$('table.ratios')).length, 0, 'no verdict across a deciding difference');
  await page.click('text=compare anyway');
  await page.waitForTimeout(300);
  const text = await page.textContent('#app');
  assert.match(text, /Compared anyway, across differences/);
  assert.match(text, /Steps not compared .*remote · 1 in flight \(ping-pong\): FAIL in B: .*Connection refused/);
  assert.doesNotMatch(text, /NaN/);
  assert.equal((await page.$$('table.ratios')).length, 0, 'no table of ratios');
  assert.match(text, /no step both runs measured OK: nothing to compare/);
  await page.screenshot({ path: join(shots, 'failed-compare.png'), fullPage: true });
});

await finish('FAIL-run browser tests');
