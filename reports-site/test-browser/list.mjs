// The run list over many index shards, in real Chromium: the newest shard asked for beside the catalog, a filter's
// shards fetched several at a time yet shown in order, no more shards read than the page needs (plus the few asked for
// ahead), a shard that cannot be read named while the others are shown, and asked for again on the next look.
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { openSite, serveSite } from './serve.mjs';

const site = fileURLToPath(new URL('..', import.meta.url));
const shots = join(site, 'test-results');
mkdirSync(shots, { recursive: true });

const SHARDS = 30;
const PER_SHARD = 60; // more than a page: the list with no filter needs the newest shard only
const TARGETS = ['dispatch', 'tcp-echo', 'udp-echo'];
const NODES = ['bench-0', 'bench-1'];
// the list's page and how many shards it asks for at once (src/views/list.ts)
const PAGE = 50;
const SHARDS_AHEAD = 6;

/** Run i, newest first: i = 0 is the newest. */
function entry(i) {
  const started = new Date(Date.UTC(2026, 10, 1) - i * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
  return {
    key: `team-a/run-${i}/uid-${i}`,
    namespace: 'team-a',
    name: `run-${i}`,
    uid: `uid-${i}`,
    target: TARGETS[i % 3],
    variants: [],
    labels: { build: `b${i % 37}` },
    nodes: [NODES[i % 2]],
    startedAt: started,
    finishedAt: started,
    phase: 'Succeeded',
    verdict: 'OK',
    isolated: true,
    cpuModel: 'AMD EPYC',
    jvm: '25',
    loadModes: ['open-loop'],
    headline: { stepId: 's', label: '1k msg/s', p50: 5000, p99: 9000, max: 20000, samples: 10000, achievedRate: 1000 },
    baseline: null,
    message: null,
  };
}

function makeSite(runCount) {
  const root = mkdtempSync(join(tmpdir(), 'isobench-list-test-'));
  cpSync(join(site, 'dist'), root, { recursive: true });
  mkdirSync(join(root, 'data', 'index'), { recursive: true });
  const shards = [];
  for (let s = 0; s * PER_SHARD < runCount; s++) {
    const runs = Array.from({ length: Math.min(PER_SHARD, runCount - s * PER_SHARD) }, (_, k) => entry(s * PER_SHARD + k));
    const path = `data/index/runs-${String(s).padStart(4, '0')}.json`;
    writeFileSync(join(root, path), JSON.stringify({ formatVersion: 1, runs }));
    shards.push({
      path,
      count: runs.length,
      newestStartedAt: runs[0].startedAt,
      oldestStartedAt: runs.at(-1).startedAt,
      targets: [...new Set(runs.map((r) => r.target))].sort(),
      verdicts: ['OK'],
      nodes: [...new Set(runs.flatMap((r) => r.nodes))].sort(),
      labels: { build: [...new Set(runs.map((r) => r.labels.build))].sort() },
    });
  }
  const catalog = {
    formatVersion: 1,
    generatedAt: '2026-11-01T00:00:00Z',
    runCount,
    shardSize: PER_SHARD,
    shards,
    facets: { targets: TARGETS, verdicts: ['OK'], nodes: NODES, labels: { build: Array.from({ length: 37 }, (_, b) => `b${b}`) } },
  };
  writeFileSync(join(root, 'data', 'catalog.json'), JSON.stringify(catalog));
  return root;
}

const shardOf = (path) => {
  const m = /runs-(\d{4})\.json$/.exec(path);
  return m ? Number(m[1]) : -1;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// What the server saw, and how it answers: later shards answer sooner (so completion order is not the list's order),
// the catalog waits (at most 2 s) until the newest shard has been asked for, a refused shard gets a 500.
const asked = [];
let refused = -1;
let catalogAnsweredAfterShard0 = null;
let inFlight = 0;
let mostInFlight = 0;
const answer = async (path) => {
  asked.push(path);
  if (path.endsWith('catalog.json')) {
    const until = Date.now() + 2000;
    while (!asked.some((p) => shardOf(p) === 0) && Date.now() < until) await sleep(10);
    catalogAnsweredAfterShard0 = asked.some((p) => shardOf(p) === 0);
    return undefined;
  }
  const s = shardOf(path);
  if (s < 0) return undefined;
  inFlight++;
  mostInFlight = Math.max(mostInFlight, inFlight);
  await sleep(Math.max(0, 12 - s) * 15);
  inFlight--;
  return s === refused ? 500 : undefined;
};

const root = makeSite(SHARDS * PER_SHARD);
const { base, page, tests, ready, finish } = await openSite(root, shots, answer);
const shownNames = () => page.$$eval('table.grid tbody tr a.run-link', (as) => as.map((a) => a.textContent));
const shardsAsked = () => new Set(asked.filter((p) => shardOf(p) >= 0).map(shardOf));
const all = Array.from({ length: SHARDS * PER_SHARD }, (_, i) => entry(i));

/** A fresh page (nothing cached), filtered as a user does, through the form. */
async function filterBy(target, label) {
  asked.length = 0;
  mostInFlight = 0;
  await page.goto('about:blank');
  await page.goto(base);
  await ready();
  await page.evaluate(() => (document.getElementById('app').dataset.ready = 'false'));
  await page.selectOption('select[name=target]', target);
  await page.fill('input[name=label]', label);
  await page.click('form.filters button');
  await ready();
}

await tests.check('the list asks for the newest shard beside the catalog, and reads no other', async () => {
  await page.goto(base);
  await ready();
  assert.equal(catalogAnsweredAfterShard0, true, 'runs-0000.json was asked for before the catalog answered');
  assert.deepEqual([...shardsAsked()], [0]);
  assert.deepEqual(
    await shownNames(),
    all.slice(0, PAGE).map((e) => `team-a/${e.name}`),
  );
});

await tests.check('a filter shows its first page in order, from no more shards than it needs and the few ahead', async () => {
  await filterBy('tcp-echo', '');
  const matching = all.filter((e) => e.target === 'tcp-echo');
  assert.deepEqual(
    await shownNames(),
    matching.slice(0, PAGE).map((e) => `team-a/${e.name}`),
  );
  // the page needs the 51st match (to offer the next page): the shards up to it, and at most SHARDS_AHEAD - 1 past it
  const needed = Math.floor(all.indexOf(matching[PAGE]) / PER_SHARD);
  const read = shardsAsked();
  assert.ok(read.has(needed), `shard ${needed} read`);
  assert.ok(Math.max(...read) <= needed + SHARDS_AHEAD - 1, `read ${[...read]} with ${needed} needed`);
  assert.ok(Math.max(...read) < SHARDS - 1, 'not every shard');
  assert.ok(await page.isVisible('text=older →'));
});

await tests.check('a filter that matches few runs reads every shard and shows every match', async () => {
  await filterBy('udp-echo', 'build=b3');
  const matching = all.filter((e) => e.target === 'udp-echo' && e.labels.build === 'b3');
  assert.ok(matching.length < PAGE);
  assert.deepEqual(
    await shownNames(),
    matching.map((e) => `team-a/${e.name}`),
  );
  assert.equal(shardsAsked().size, SHARDS);
  assert.ok(mostInFlight >= 3, `shards asked for at once: ${mostInFlight}`);
});

await tests.check('a shard that cannot be read is named, the rest shown; the next look asks for it again', async () => {
  refused = 3;
  await filterBy('udp-echo', 'build=b3');
  const matching = all.filter((e) => e.target === 'udp-echo' && e.labels.build === 'b3');
  const alert = await page.textContent('[role=alert]');
  assert.match(alert, /index shard data\/index\/runs-0003\.json: .*HTTP 500/);
  assert.deepEqual(
    await shownNames(),
    matching.filter((e) => Math.floor(all.indexOf(e) / PER_SHARD) !== 3).map((e) => `team-a/${e.name}`),
  );
  refused = -1;
  // another look on the same page (results OK, which all are): the forgotten shard is asked for again, the others
  // come from the page's cache
  asked.length = 0;
  await page.evaluate(() => (document.getElementById('app').dataset.ready = 'false'));
  await page.selectOption('select[name=status]', 'OK');
  await page.click('form.filters button');
  await ready();
  assert.deepEqual([...shardsAsked()], [3]);
  assert.equal(await page.$('[role=alert]'), null);
  assert.deepEqual(
    await shownNames(),
    matching.map((e) => `team-a/${e.name}`),
  );
});

await tests.check('a site with no runs shows an empty list, no error', async () => {
  const empty = makeSite(0);
  // the same page, another site: the newest shard it asks for beside the catalog is not there (404)
  const { server, base: emptyBase } = await serveSite(empty);
  try {
    await page.goto(emptyBase);
    await ready();
    assert.equal(await page.$('[role=alert]'), null);
    assert.match(await page.textContent('#app'), /0 runs/);
  } finally {
    server.close();
  }
});

await finish('list browser tests');
