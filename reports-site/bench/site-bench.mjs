// make bench-site: the site with 10,000 published runs in Chromium — first paint, list ready, a filter.
import { launchChromium, serveSite } from '../test-browser/serve.mjs';

const root = process.argv[2];
const { server, base } = await serveSite(root);
const browser = await launchChromium();
const rows = [];
for (let round = 1; round <= 3; round++) {
  const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
  const t0 = Date.now();
  await page.goto(base);
  await page.waitForSelector('#app[data-ready="true"]');
  const ready = Date.now() - t0;
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
  const t1 = Date.now();
  await page.evaluate(() => {
    document.getElementById('app').dataset.ready = 'false';
  });
  await page.selectOption('select[name=target]', 'udp-echo');
  await page.fill('input[name=label]', 'build=b7');
  await page.click('form.filters button');
  await page.waitForSelector('#app[data-ready="true"]');
  const filter = Date.now() - t1;
  const shown = (await page.$$('table.grid tbody tr')).length;
  rows.push(`| ${round} | ${fcp.toFixed(0)} ms | ${ready} ms | ${filter} ms | ${shown} |`);
  await page.close();
}
await browser.close();
server.close();
console.log(
  '| round | first contentful paint | list ready (first 50 of 10,000) | filter target + label (all shards scanned) | rows shown |',
);
console.log('|---|---|---|---|---|');
console.log(rows.join('\n'));
