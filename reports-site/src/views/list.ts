import type { Catalog, IndexShard, RunEntry, ShardInfo } from '../data/contract';
import { fetchVersionedJson } from '../data/load-json';
import { CATALOG_PATH, FIRST_SHARD_PATH } from '../data/paths';
import { el, errorBox, table } from '../dom';
import { dateTime, rate, sampledLatency } from '../format';
import { verdictClass } from '../verdict';

const PAGE = 50;
/**
 * Index shards asked for at once while a filter scans them in order: a filter that matches few runs reads most shards,
 * and one request at a time would wait out a round trip per shard. Six is what a browser opens to one HTTP/1.1 host; at
 * most five shards past the one that completes the page are fetched for nothing, and none while the first shard alone
 * may fill it (the list with no filter reads the newest shard only).
 */
const SHARDS_AHEAD = 6;

export interface Filter {
  target: string;
  label: string; // key=value
  node: string;
  status: string; // OK | FAIL | INCONCLUSIVE | ''
  since: string; // yyyy-mm-dd
}

function matches(e: RunEntry, f: Filter): boolean {
  if (f.target && e.target !== f.target) return false;
  if (f.node && !e.nodes.includes(f.node)) return false;
  if (f.status && e.verdict !== f.status) return false;
  if (f.since && e.startedAt < f.since) return false;
  if (f.label) {
    const [k, v] = f.label.split('=', 2);
    if (v === undefined ? !(k in e.labels) : e.labels[k] !== v) return false;
  }
  return true;
}

/** Facets let a filter skip shards that cannot hold a match without fetching them. */
function shardMayMatch(s: ShardInfo, f: Filter): boolean {
  if (f.target && !s.targets.includes(f.target)) return false;
  if (f.node && !s.nodes.includes(f.node)) return false;
  if (f.status && !s.verdicts.includes(f.status)) return false;
  if (f.since && s.newestStartedAt < f.since) return false;
  if (f.label) {
    const [k, v] = f.label.split('=', 2);
    if (!(k in s.labels) || (v !== undefined && !s.labels[k].includes(v))) return false;
  }
  return true;
}

/** Shards fetched or being fetched; one that failed is forgotten, so the next look asks again. */
const shardCache = new Map<string, Promise<IndexShard>>();
function shard(path: string): Promise<IndexShard> {
  const cached = shardCache.get(path);
  if (cached !== undefined) return cached;
  const fetched = fetchVersionedJson<IndexShard>(path);
  shardCache.set(path, fetched);
  fetched.catch(() => {
    if (shardCache.get(path) === fetched) shardCache.delete(path);
  });
  return fetched;
}

export async function renderList(
  app: HTMLElement,
  catalog: Catalog,
  filter: Filter,
  page: number,
  onFilter: (f: Filter, page: number) => void,
): Promise<void> {
  const select = (name: keyof Filter, values: string[], all: string) => {
    const s = el(
      'select',
      { name, 'aria-label': name },
      el('option', { value: '' }, all),
      ...values.map((v) => el('option', { value: v }, v)),
    );
    s.value = filter[name];
    return s;
  };
  const labelInput = el('input', { name: 'label', placeholder: 'label key=value', 'aria-label': 'label' });
  labelInput.value = filter.label;
  const since = el('input', { name: 'since', type: 'date', 'aria-label': 'since' });
  since.value = filter.since;
  const form = el(
    'form',
    { class: 'filters' },
    select('target', catalog.facets.targets, 'all targets'),
    labelInput,
    select('node', catalog.facets.nodes, 'all nodes'),
    select('status', catalog.facets.verdicts, 'all results'),
    since,
    el('button', { type: 'submit' }, 'filter'),
  );
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const data = new FormData(form);
    // the form has no file input: every field is a string, or absent
    const field = (name: string): string => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    onFilter(
      { target: field('target'), label: field('label').trim(), node: field('node'), status: field('status'), since: field('since') },
      0,
    );
  });
  const status = el('p', { class: 'muted' }, `${catalog.runCount} runs · newest first`);
  const holder = el('div');
  const compare = el('button', { type: 'button', disabled: '' }, 'compare selected');
  app.replaceChildren(el('h1', null, 'Runs'), form, status, holder, compare);

  const wanted = (page + 1) * PAGE + 1;
  const found: RunEntry[] = [];
  const t0 = performance.now();
  const candidates = catalog.shards.filter((s) => shardMayMatch(s, filter));
  for (let i = 0; i < candidates.length && found.length < wanted; i++) {
    const s = candidates[i];
    const current = shard(s.path);
    // once one shard has not filled the page, ask for the next ones too (after this one: a browser answers a host's
    // requests over a few connections, in the order asked); a failure is shown when its turn comes
    if (i > 0) for (const next of candidates.slice(i + 1, i + SHARDS_AHEAD)) void shard(next.path);
    try {
      for (const e of (await current).runs) if (matches(e, filter)) found.push(e);
    } catch (e) {
      holder.append(errorBox(`index shard ${s.path}`, e));
    }
  }
  const rows = found.slice(page * PAGE, (page + 1) * PAGE);
  const selected = new Set<string>();
  compare.addEventListener('click', () => (location.hash = `#/compare/${[...selected].map(encodeURIComponent).join(',')}`));
  holder.append(
    table(
      ['', 'started', 'run', 'target', 'labels', 'node', 'result', 'isolation', 'headline', 'p50', 'p99', 'max', 'achieved'],
      rows.map((e) => {
        const box = el('input', { type: 'checkbox', 'aria-label': `select ${e.key}` });
        box.addEventListener('change', () => {
          if (box.checked) selected.add(e.key);
          else selected.delete(e.key);
          if (selected.size >= 2) compare.removeAttribute('disabled');
          else compare.setAttribute('disabled', '');
        });
        const run = el('a', { href: `#/run/${encodeURIComponent(e.key)}`, class: 'run-link' }, `${e.namespace}/${e.name}`);
        const series = e.series
          ? el('a', { href: `#/series/${encodeURIComponent(e.series)}`, class: 'series-link', title: 'this benchmark over time' }, 'series')
          : null;
        return [
          box,
          dateTime(e.startedAt),
          el('span', null, run, series ? ' · ' : null, series),
          e.target,
          Object.entries(e.labels)
            .map(([k, v]) => `${k}=${v}`)
            .join(' '),
          e.nodes.join(', '),
          el('span', { class: verdictClass(e.verdict) }, e.verdict),
          isolation(e.isolated),
          e.headline?.label ?? '–',
          ...[e.headline?.p50, e.headline?.p99, e.headline?.max].map((v) => sampledLatency(v, e.headline?.samples)),
          rate(e.headline?.achievedRate),
        ];
      }),
    ),
  );
  status.textContent = `${catalog.runCount} runs · showing ${rows.length} (${(performance.now() - t0).toFixed(0)} ms)`;
  const nav = el('p', { class: 'pager' });
  if (page > 0) {
    const prev = el('button', { type: 'button' }, '← newer');
    prev.addEventListener('click', () => onFilter(filter, page - 1));
    nav.append(prev);
  }
  if (found.length > (page + 1) * PAGE) {
    const next = el('button', { type: 'button' }, 'older →');
    next.addEventListener('click', () => onFilter(filter, page + 1));
    nav.append(next);
  }
  holder.append(nav);
}

export function isolation(isolated: boolean | null | undefined): HTMLElement {
  return isolated === true
    ? el('span', { class: 'ok' }, 'isolated')
    : isolated === false
      ? el('span', { class: 'fail' }, 'not isolated')
      : el('span', { class: 'muted' }, 'not verified');
}

/**
 * The catalog, with the newest runs' shard asked for at the same time (the list shows it first, and waiting for the
 * catalog to name it would cost a round trip). A site with no runs has no such shard: that answer is dropped, and the
 * list never asks for a shard its catalog does not name.
 */
export async function loadCatalog(): Promise<Catalog> {
  void shard(FIRST_SHARD_PATH);
  const catalog = await fetchVersionedJson<Catalog>(CATALOG_PATH);
  if (catalog.shards[0]?.path !== FIRST_SHARD_PATH) shardCache.delete(FIRST_SHARD_PATH);
  return catalog;
}
