// A run of three load parts in real Chromium, through the real command lines (issue #19, part 3): a UDP echo server
// that backs off when idle, the runner with --parallelism 3 (part 0 starts parts 1 and 2 itself), isobench-publish, and
// the run page: the step tables are the parts added together; a "Load parts" table gives each part's share, achieved
// rate, p50/p99 and verdict per step; the repetitions table lists each repetition, then its parts; every part's files
// are among the downloads.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
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
const work = mkdtempSync(join(tmpdir(), 'isobench-site-parallel-'));
const runs = join(work, 'runs');
const env = { ...process.env, ISOBENCH_HEAP: '256m' };

const { server, address } = await runnerServer(runner, ['udp-echo', '--port', '0', '--bind', '127.0.0.1', '--idle', 'backoff'], env);
let ran;
try {
  ran = spawnSync(
    runner,
    [
      'udp-echo',
      '--server-address',
      address,
      '--parallelism',
      '3',
      '--rates',
      '300,600',
      '--warmup',
      '200ms',
      '--duration',
      '500ms',
      '--repetitions',
      '2',
      '--probe-duration',
      '0',
      '--progress',
      'none',
      '--out',
      join(runs, 'parallel'),
    ],
    { env, encoding: 'utf8', timeout: 180_000 },
  );
} finally {
  server.kill();
}
// four busy processes on this machine's two CPUs may miss a share: a FAIL is a result here too, shown the same way
assert.ok(ran.status === 0 || ran.status === 1, `the runner finished (exit ${ran.status})\n${ran.stdout}${ran.stderr}`);
const result = JSON.parse(readFileSync(join(runs, 'parallel', 'result.json'), 'utf8'));
assert.equal(result.loadParts.length, 3);

const out = join(work, 'site');
const published = spawnSync(
  join(root, 'publisher', 'bin', 'isobench-publish'),
  ['--from', runs, '--to', out, '--site-bundle', join(site, 'dist')],
  { encoding: 'utf8' },
);
assert.equal(published.status, 0, `isobench-publish\n${published.stdout}${published.stderr}`);
const key = JSON.parse(readFileSync(join(out, 'data', 'index', 'runs-0000.json'), 'utf8')).runs[0].key;

const { base, page, ready, tests, finish } = await openSite(out, shots);

await tests.check('the run page breaks each step down by load part: its share, its figures, its verdict', async () => {
  await page.goto(`${base}#/run/${encodeURIComponent(key)}`);
  await ready();
  await page.waitForSelector('table.load-parts');
  assert.match(await page.textContent('#app'), /Load parts: 3 pods made each step's load together/);
  const rows = await page.$$eval('table.load-parts tbody tr', (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
  );
  assert.equal(rows.length, 2 * 3, 'two steps × three parts');
  assert.deepEqual(
    rows.map((r) => [r[1], r[4]]),
    [
      ['0', '100/s'],
      ['1', '100/s'],
      ['2', '100/s'],
      ['0', '200/s'],
      ['1', '200/s'],
      ['2', '200/s'],
    ],
    'part and share of each row',
  );
  for (const r of rows) {
    const own = result.steps.flatMap((s) => s.repetitions.map((rep) => rep.parts.find((p) => String(p.part) === r[1])));
    assert.ok(own.length, `part ${r[1]} has repetitions`);
    assert.match(r[9], /^(OK|FAIL)/, `a verdict for part ${r[1]}: ${r.join(' | ')}`);
  }
  await page.screenshot({ path: join(shots, 'parallel-run.png'), fullPage: true });
});

await tests.check('the repetitions table lists each repetition, then its three parts', async () => {
  const parts = await page.$$eval('table.repetitions tbody tr', (trs) => trs.map((tr) => tr.querySelectorAll('td')[2].textContent));
  assert.deepEqual(parts.slice(0, 4), ['all', 'part 0', 'part 1', 'part 2']);
  assert.equal(parts.length, 2 * 2 * 4, 'two steps × two repetitions × (the sum and three parts)');
});

await tests.check("every part's files are among the downloads", async () => {
  const links = await page.$$eval('ul.downloads a', (as) => as.map((a) => a.textContent));
  for (const part of [0, 1, 2]) {
    assert.ok(
      links.some((l) => l.includes(`/part-${part}/rep-1_`) && l.endsWith('.hlog')),
      `part ${part}'s interval log: ${links.join(', ')}`,
    );
  }
});

await finish('load-parts browser tests');
