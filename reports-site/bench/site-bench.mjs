// make bench-site: the site with 10,000 published runs in Chromium — first paint, list ready, a filter.
//
//   node bench/site-bench.mjs SITE [BASELINE_SITE] [ROUNDS] [RTT_MS]
//
// With a baseline (the same data under another bundle), the two are measured in interleaved rounds, in a random
// order each round, and the median ratio is printed. Times are taken in the page (performance.now()): list ready from
// the navigation's start to the rendered list, a filter from the form's submit to the rendered rows; the driver's own
// round trips (selecting, typing, clicking) are not counted. The driver's clock around the same steps is printed
// beside them, as earlier figures were taken that way. RTT_MS holds every answer back that long, as a bucket across a
// network would (the local server answers in well under a millisecond).
import { launchChromium, serveSite } from '../test-browser/serve.mjs';

const [root, baselineRoot, roundsArg, rttArg] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 3);
const rtt = Number(rttArg ?? 0);
const answer = rtt > 0 ? () => new Promise((r) => setTimeout(() => r(undefined), rtt)) : undefined;
const sites = [{ name: 'this bundle', ...(await serveSite(root, answer)) }];
if (baselineRoot) sites.push({ name: 'baseline', ...(await serveSite(baselineRoot, answer)) });
const browser = await launchChromium();

// in the page: when #app last became ready, and when the filter form was last submitted
const WATCH = () => {
  new MutationObserver(() => {
    if (document.getElementById('app')?.dataset.ready === 'true') window.__readyAt = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'] });
  document.addEventListener('submit', () => (window.__submitAt = performance.now()), true);
};

async function measure(site) {
  const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
  await page.addInitScript(WATCH);
  const t0 = Date.now();
  await page.goto(site.base);
  await page.waitForSelector('#app[data-ready="true"]');
  const readyDriver = Date.now() - t0;
  const ready = await page.evaluate(() => window.__readyAt);
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
  const t1 = Date.now();
  await page.evaluate(() => {
    document.getElementById('app').dataset.ready = 'false';
  });
  await page.selectOption('select[name=target]', 'udp-echo');
  await page.fill('input[name=label]', 'build=b7');
  await page.click('form.filters button');
  await page.waitForSelector('#app[data-ready="true"]');
  const filterDriver = Date.now() - t1;
  const filter = await page.evaluate(() => window.__readyAt - window.__submitAt);
  const shown = (await page.$$('table.grid tbody tr')).length;
  await page.close();
  return { fcp, ready, readyDriver, filter, filterDriver, shown };
}

const ms = (v) => `${v.toFixed(0)} ms`;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const rows = [];
const ratios = { ready: [], filter: [] };
for (let round = 1; round <= rounds; round++) {
  const order = [...sites].sort(() => Math.random() - 0.5);
  const got = {};
  for (const site of order) got[site.name] = await measure(site);
  for (const site of sites) {
    const m = got[site.name];
    rows.push(
      `| ${round} | ${baselineRoot ? `${site.name} | ` : ''}${ms(m.fcp)} | ${ms(m.ready)} (${m.readyDriver} ms) | ${ms(m.filter)} (${m.filterDriver} ms) | ${m.shown} |`,
    );
  }
  if (baselineRoot) {
    ratios.ready.push(got['this bundle'].ready / got.baseline.ready);
    ratios.filter.push(got['this bundle'].filter / got.baseline.filter);
  }
}
await browser.close();
for (const site of sites) site.server.close();
console.log(
  `| round | ${baselineRoot ? 'bundle | ' : ''}first contentful paint | list ready, first 50 of 10,000 (driver's clock) | filter target + label, all shards scanned (driver's clock) | rows shown |`,
);
console.log(`|---|${baselineRoot ? '---|' : ''}---|---|---|---|`);
console.log(rows.join('\n'));
if (baselineRoot) {
  const f = (xs) => `${median(xs).toFixed(2)}× (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`;
  console.log(`\nMedian ratio this bundle / baseline: list ready ${f(ratios.ready)}, filter ${f(ratios.filter)}.`);
}
