// make bench-site: the site with 10,000 published runs in Chromium — first paint, list ready, a filter.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';

const root = process.argv[2];
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };
const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  try {
    const body = readFileSync(join(root, path));
    res.writeHead(200, { 'Content-Type': types[extname(path)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}/index.html`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const rows = [];
for (let round = 1; round <= 3; round++) {
  const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
  const t0 = Date.now();
  await page.goto(base);
  await page.waitForSelector('#app[data-ready="true"]');
  const ready = Date.now() - t0;
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
  const t1 = Date.now();
  await page.evaluate(() => { document.getElementById('app').dataset.ready = 'false'; });
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
console.log('| round | first contentful paint | list ready (first 50 of 10,000) | filter target + label (all shards scanned) | rows shown |');
console.log('|---|---|---|---|---|');
console.log(rows.join('\n'));
