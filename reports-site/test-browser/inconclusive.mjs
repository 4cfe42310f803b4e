// INCONCLUSIVE in real Chromium, on site data the Java publisher wrote: a run whose first step host noise voided, beside
// the same run measured quietly. The noisy step has a badge of its own, its repetitions show the machine around them,
// and the compare view leaves it out and says so.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { openSite } from './serve.mjs';

const site = fileURLToPath(new URL('..', import.meta.url));
const root = join(site, '..');
const shots = join(site, 'test-results');
mkdirSync(shots, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'isobench-site-inconclusive-'));
const NOISE = 'host noise beyond the 1ms noise budget: the jitter probe before saw a 4.2 ms stall on CPU 1 (budget 1ms)';

const runs = join(work, 'runs');
for (const [i, kind] of ['quiet', 'noisy'].entries()) {
  const dir = join(runs, kind);
  cpSync(join(root, 'test-fixtures', 'runs', 'dispatch-closed'), dir, { recursive: true });
  const result = JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8'));
  result.runId = `20261124t0000${i}z-${kind}`;
  result.startedAt = `2026-11-24T00:0${i}:00Z`;
  if (kind === 'noisy') {
    const step = result.steps[0];
    for (const rep of step.repetitions) {
      rep.verdict = 'INCONCLUSIVE';
      rep.reason = NOISE;
      rep.probeAfter = { coreToCore: { ...rep.probe.coreToCore, p50: 275 }, jitter: rep.probe.jitter };
      rep.noise = {
        spanNanos: 10.2e9,
        throttling: { source: '/sys/fs/cgroup/cpu.stat', periods: 102, throttledPeriods: 3, throttledNanos: 12_500_000 },
        cpus: [{ cpu: 1, stealNanos: 10_000_000, interrupts: 52_000, topInterrupts: { CAL: 50_000 } }],
        threads: [],
        unavailable: [],
      };
      rep.reruns = [
        { attempt: 1, reason: NOISE },
        { attempt: 2, reason: NOISE },
      ];
    }
    step.verdict = 'INCONCLUSIVE';
    step.reason = `1 of 1 inconclusive: repetition 1: ${NOISE}`;
    result.verdict = 'INCONCLUSIVE';
    result.reason = `1 of ${result.steps.length} inconclusive: ${step.id}: ${step.reason}`;
  }
  writeFileSync(join(dir, 'result.json'), JSON.stringify(result, null, 1));
}
const out = join(work, 'site');
execFileSync(join(root, 'publisher', 'bin', 'isobench-publish'), ['--from', runs, '--to', out, '--site-bundle', join(site, 'dist')], {
  stdio: 'inherit',
});
const entries = JSON.parse(readFileSync(join(out, 'data', 'index', 'runs-0000.json'), 'utf8')).runs;
const noisyKey = entries.find((e) => e.uid.includes('noisy')).key;
const quietKey = entries.find((e) => e.uid.includes('quiet')).key;

const { base, page, ready, tests, finish } = await openSite(out, shots);

await tests.check('the runs list shows INCONCLUSIVE with a badge of its own', async () => {
  await page.goto(base);
  await ready();
  assert.equal(await page.textContent('table.grid tbody span.inconclusive'), 'INCONCLUSIVE');
  assert.equal((await page.$$('table.grid tbody span.ok')).length >= 1, true, 'the quiet run is OK');
});

await tests.check('run detail: the noisy step is INCONCLUSIVE and every repetition shows its probes before → after', async () => {
  await page.goto(`${base}#/run/${encodeURIComponent(noisyKey)}`);
  await ready();
  assert.match(await page.textContent('.run-header span.inconclusive'), /INCONCLUSIVE/);
  const table = await page.textContent('table.repetitions');
  assert.match(table, /→ 275 ns/, 'core-to-core before → after');
  assert.match(table, /3× \(12.5 ms\)/, 'throttling over the window');
  assert.match(table, /52,000 \(CPU 1\)/, 'interrupts');
  assert.match(table, /attempt 2 rerun: host noise/);
  assert.ok((await page.$$('table.repetitions span.inconclusive')).length >= 1);
  await page.screenshot({ path: join(shots, 'inconclusive-run.png'), fullPage: true });
});

await tests.check('compare leaves the INCONCLUSIVE step out and says so', async () => {
  await page.goto(`${base}#/compare/${encodeURIComponent(quietKey)},${encodeURIComponent(noisyKey)}`);
  await ready();
  await page.waitForTimeout(500);
  const text = await page.textContent('#app');
  assert.match(
    text,
    /Steps not compared .*isobench · 1 in flight \(ping-pong\): INCONCLUSIVE in B: 1 of 1 inconclusive: repetition 1: host noise/,
  );
  const compared = await page.$$eval('table.num tbody tr td:first-child', (cells) => cells.map((c) => c.textContent));
  assert.ok(compared.length > 0, 'the other steps are compared');
  const noisy = JSON.parse(readFileSync(join(runs, 'noisy', 'result.json'), 'utf8')).steps[0];
  assert.ok(
    !compared.includes(`${noisy.variant} · ${noisy.label}`),
    `no ratio row for the INCONCLUSIVE step (rows: ${compared.join(', ')})`,
  );
  assert.ok(compared.includes(`${noisy.variant} · 4 clients`), 'the conclusive steps are compared');
  await page.screenshot({ path: join(shots, 'inconclusive-compare.png'), fullPage: true });
});

await finish('INCONCLUSIVE browser tests');
