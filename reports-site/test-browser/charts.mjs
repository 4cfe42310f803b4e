// The run page's percentile charts in real Chromium, on site data the Java publisher wrote: a dispatch run with three
// queues at each load (one OK, one FAIL, one INCONCLUSIVE) gets one chart per load with every queue in it, each with a
// style of its own and its verdict in the legend; a reader's own .hgrm files (picked or dropped) are overlaid, a
// malformed one is named with its line, hostile names and contents stay text; the SVG and PNG exports are what they say.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { openSite } from './serve.mjs';

const site = fileURLToPath(new URL('..', import.meta.url));
const root = join(site, '..');
const fixture = join(root, 'test-fixtures', 'runs', 'dispatch-closed');
const shots = join(site, 'test-results');
mkdirSync(shots, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'isobench-site-charts-'));

// Three queues at each of the fixture's three loads. The other queues' figures are the fixture's real ones from another
// load (so their lines differ), relabelled as this load; their files are copied under their own step ids.
const runs = join(work, 'runs');
const dir = join(runs, 'queues');
cpSync(fixture, dir, { recursive: true });
const result = JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8'));
const measured = result.steps;
const QUEUES = [
  { variant: 'agrona', verdict: 'FAIL', reason: 'achieved rate 91% of the target (tolerance 2%)', shift: 1 },
  { variant: 'abq', verdict: 'INCONCLUSIVE', reason: 'host noise beyond the 1ms noise budget', shift: 2 },
];
const others = QUEUES.flatMap(({ variant, verdict, reason, shift }) =>
  measured.map((at, i) => {
    const from = measured[(i + shift) % measured.length];
    const id = `${variant}_${at.id.split('_')[1]}`;
    cpSync(join(dir, 'steps', from.id), join(dir, 'steps', id), { recursive: true });
    const step = JSON.parse(JSON.stringify(from).replaceAll(`steps/${from.id}/`, `steps/${id}/`));
    return { ...step, id, variant, label: at.label, load: at.load, verdict, reason };
  }),
);
result.steps = [...measured, ...others];
result.config.queues = ['isobench', ...QUEUES.map((q) => q.variant)];
result.verdict = 'FAIL';
result.reason = `${others.length} of ${result.steps.length} steps not OK`;
writeFileSync(join(dir, 'result.json'), JSON.stringify(result, null, 1));

const out = join(work, 'site');
execFileSync(join(root, 'publisher', 'bin', 'isobench-publish'), ['--from', runs, '--to', out, '--site-bundle', join(site, 'dist')], {
  stdio: 'inherit',
});
const key = JSON.parse(readFileSync(join(out, 'data', 'index', 'runs-0000.json'), 'utf8')).runs[0].key;
const hgrm = readFileSync(join(fixture, result.steps[1].repetitions[0].files.hgrm), 'utf8');
const broken = hgrm.split('\n');
broken.splice(5, 0, 'not a row at all');
const HOSTILE_NAME = '<img src=x onerror="window.__xss=5">.hgrm';
const HOSTILE_LINE = '<script>window.__xss=6</script>';

const { base, page, ready, tests, finish } = await openSite(out, shots);
const check = tests.check;
const first = '.chart.percentile >> nth=0';
const legend = () =>
  page.$$eval('.chart.percentile:first-of-type .u-legend .u-series:not(:first-child) .u-label', (ls) => ls.map((l) => l.textContent));
const pick = (name, text) =>
  page.setInputFiles(`${first} >> input[type=file]`, { name, mimeType: 'text/plain', buffer: Buffer.from(text) });
const download = async (button) => {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(`${first} >> button:text-is("${button}")`)]);
  const bytes = readFileSync(await file.path());
  writeFileSync(join(shots, `charts-export.${button.toLowerCase()}`), bytes);
  return { name: file.suggestedFilename(), bytes };
};

await check('one percentile chart per load, every queue in it, its verdict in the legend', async () => {
  await page.goto(`${base}#/run/${encodeURIComponent(key)}`);
  await ready();
  assert.equal((await page.$$('.chart.percentile')).length, 3, 'three loads, three charts (not one per queue)');
  assert.deepEqual(await legend(), ['isobench', 'agrona — FAIL', 'abq — INCONCLUSIVE']);
  await page.screenshot({ path: join(shots, 'charts-overlay.png'), fullPage: true });
});

await check('each line has a colour and a dash of its own, in the chart and its legend (readable in grey)', async () => {
  const markers = await page.$$eval('.chart.percentile:first-of-type .u-legend .u-series:not(:first-child) .u-marker', (ms) =>
    ms.map((m) => `${getComputedStyle(m).borderTopColor} ${getComputedStyle(m).borderTopStyle}`),
  );
  assert.equal(markers.length, 3);
  assert.equal(new Set(markers.map((m) => m.split(' ').slice(0, 3).join(' '))).size, 3, `colours: ${markers}`);
  assert.equal(new Set(markers.map((m) => m.split(' ').at(-1))).size, 3, `dashes: ${markers}`);
});

await check("a reader's .hgrm, picked or dropped, adds a line to that chart", async () => {
  await pick('my-run.hgrm', hgrm);
  await page.waitForFunction(() => document.querySelectorAll('.chart.percentile:first-of-type .u-legend .u-series').length === 5);
  assert.deepEqual((await legend()).slice(3), ['my-run.hgrm (your file)']);
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], 'dropped.hgrm', { type: 'text/plain' }));
    const target = document.querySelector('.chart.percentile');
    for (const type of ['dragenter', 'dragover', 'drop'])
      target.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
  }, hgrm);
  await page.waitForFunction(() => document.querySelectorAll('.chart.percentile:first-of-type .u-legend .u-series').length === 6);
  assert.deepEqual((await legend()).slice(3), ['my-run.hgrm (your file)', 'dropped.hgrm (your file)']);
  assert.equal((await page.$$('.chart.percentile:nth-of-type(2) .u-legend .u-series')).length, 4, 'the other charts are left alone');
  await page.screenshot({ path: join(shots, 'charts-dropped.png'), fullPage: true });
});

await check('a malformed .hgrm is refused naming the file and the line; the chart keeps its lines', async () => {
  await pick('broken.hgrm', broken.join('\n'));
  await page.waitForSelector(`${first} >> .error`);
  assert.equal(
    await page.textContent(`${first} >> .error`),
    "broken.hgrm, line 6: not a percentile row (value percentile count 1/(1-p)): 'not a row at all'",
  );
  assert.equal((await legend()).length, 5);
});

await check('a hostile file name and hostile contents stay text', async () => {
  await pick(HOSTILE_NAME, hgrm);
  await page.waitForFunction(() => document.querySelectorAll('.chart.percentile:first-of-type .u-legend .u-series').length === 7);
  assert.equal((await legend()).at(-1), `${HOSTILE_NAME} (your file)`);
  await pick('hostile.hgrm', `${hgrm.split('\n').slice(0, 4).join('\n')}\n${HOSTILE_LINE}\n`);
  await page.waitForFunction(() => document.querySelector('.chart.percentile .error')?.textContent.includes('hostile.hgrm'));
  assert.equal(
    await page.textContent(`${first} >> .error`),
    `hostile.hgrm, line 5: not a percentile row (value percentile count 1/(1-p)): '${HOSTILE_LINE}'`,
  );
  assert.equal(await page.$$eval('#app img, #app script', (e) => e.length), 0, 'no element was made from a file');
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.__xss), undefined, 'no script ran');
});

await check('a file too large to be an .hgrm, or of no samples, is refused with its name; a 0 µs row still draws', async () => {
  await pick('huge.hgrm', 'x'.repeat(4 * 1024 * 1024 + 1));
  await page.waitForFunction(() => document.querySelector('.chart.percentile .error')?.textContent.includes('huge.hgrm'));
  assert.equal(
    await page.textContent(`${first} >> .error`),
    'huge.hgrm: 4194305 bytes, more than the 4194304 an .hgrm percentile table can hold here',
  );
  const empty = hgrm.split('\n').filter((l) => l.startsWith('#') || l.includes('Value'));
  await pick('empty.hgrm', empty.join('\n').replace(/Total count {4}= +\d+/, 'Total count    =            0'));
  await page.waitForFunction(() => document.querySelector('.chart.percentile .error')?.textContent.includes('empty.hgrm'));
  assert.equal(await page.textContent(`${first} >> .error`), 'empty.hgrm: a table of no samples, nothing to draw');
  // a reader's file in ms (or a clock's 0) writes 0.000: a log axis has no 0, so it sits at the floor (1 ns)
  await pick('zero.hgrm', hgrm.replace(/^( +)\d+\.\d+( 0\.0+ )/m, '$10.000$2'));
  await page.waitForFunction(() => document.querySelectorAll('.chart.percentile:first-of-type .u-legend .u-series').length === 8);
  await page.waitForTimeout(300);
  const { bytes } = await download('SVG');
  const d = /<path class="line" d="([^"]+)"[^>]*>(?![\s\S]*<path class="line")/.exec(bytes.toString('utf8'))[1];
  assert.doesNotMatch(d, /NaN|Infinity/, 'the 0 µs line has only finite points');
  assert.equal((await legend()).at(-1), 'zero.hgrm (your file)');
});

await check('the SVG export is a self-contained SVG with every line, its legend and its styles', async () => {
  const { name, bytes } = await download('SVG');
  assert.match(name, /^[a-z0-9-]+\.svg$/);
  const svg = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const all = [...doc.querySelectorAll('*')];
    return {
      root: doc.documentElement.localName,
      namespace: doc.documentElement.namespaceURI,
      errors: doc.querySelectorAll('parsererror').length,
      lines: [...doc.querySelectorAll('path.line')].map(
        (p) => `${p.getAttribute('stroke')} ${p.getAttribute('stroke-dasharray') ?? 'solid'}`,
      ),
      points: [...doc.querySelectorAll('path.line')].map((p) => (p.getAttribute('d').match(/L/g) ?? []).length),
      legend: [...doc.querySelectorAll('.legend text')].map((t) => t.textContent),
      styled: !!doc.querySelector('style') && doc.querySelector('style').textContent.includes('font'),
      external: all.filter((e) => [...e.attributes].some((a) => /href|^on|^src$/i.test(a.name))).length,
      foreign: all.filter((e) => e.namespaceURI !== 'http://www.w3.org/2000/svg').length,
      title: doc.querySelector('.title')?.textContent,
    };
  }, bytes.toString('utf8'));
  assert.equal(svg.root, 'svg');
  assert.equal(svg.namespace, 'http://www.w3.org/2000/svg');
  assert.equal(svg.errors, 0, 'parses as SVG');
  assert.deepEqual(svg.legend, [
    'isobench',
    'agrona — FAIL',
    'abq — INCONCLUSIVE',
    'my-run.hgrm (your file)',
    'dropped.hgrm (your file)',
    `${HOSTILE_NAME} (your file)`,
    'zero.hgrm (your file)',
  ]);
  assert.equal(svg.lines.length, 7, 'a line per legend entry');
  assert.equal(new Set(svg.lines.slice(0, 3)).size, 3, `distinct styles: ${svg.lines}`);
  assert.ok(
    svg.points.every((n) => n > 20),
    `every line is drawn through its rows: ${svg.points}`,
  );
  assert.ok(svg.styled, 'its styles are inside it');
  assert.equal(svg.external, 0, 'no links, scripts or handlers');
  assert.equal(svg.foreign, 0, 'nothing but SVG elements: no <img> from a file name');
  assert.match(svg.title, /1 in flight \(ping-pong\)/);
});

await check('the PNG export is a PNG of the chart', async () => {
  const { name, bytes } = await download('PNG');
  assert.match(name, /^[a-z0-9-]+\.png$/);
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'the PNG signature');
  assert.equal(bytes.toString('latin1', 12, 16), 'IHDR');
  assert.ok(bytes.readUInt32BE(16) >= 600 && bytes.readUInt32BE(20) >= 300, `size ${bytes.readUInt32BE(16)}×${bytes.readUInt32BE(20)}`);
  assert.ok(bytes.length > 10_000, `${bytes.length} bytes: lines drawn, not a blank image`);
});

await finish('chart tests');
