import './style.css';
import type { Catalog } from './data/contract';
import { el, errorBox } from './dom';
import { loadCatalog, renderList, type Filter } from './views/list';

// Hash routes only (#/, #/run/<key>, #/compare/<key>,<key>, #/series/<series>): the site is static files, from a folder or a bucket.
const app = document.getElementById('app')!;
let catalog: Promise<Catalog> | null = null;

function parseFilter(query: string): { filter: Filter; page: number } {
  const q = new URLSearchParams(query);
  return {
    filter: {
      target: q.get('target') ?? '',
      label: q.get('label') ?? '',
      node: q.get('node') ?? '',
      status: q.get('status') ?? '',
      since: q.get('since') ?? '',
    },
    page: Number(q.get('page') ?? 0) || 0,
  };
}

async function route(): Promise<void> {
  // the route this render shows, as the address bar says it: ready means ready for this one, not the one before
  const shown = location.hash;
  const hash = decodeURIComponent(location.hash.replace(/^#\/?/, ''));
  try {
    // the list is in the first script; the other views (charts, histograms, statistics) load when first opened
    if (hash.startsWith('run/')) {
      const { renderRun } = await import('./views/run');
      await renderRun(app, hash.slice(4));
    } else if (hash.startsWith('series/')) {
      const { renderSeries } = await import('./views/series');
      await renderSeries(app, hash.slice(7));
    } else if (hash.startsWith('compare/')) {
      const { renderCompare } = await import('./views/compare');
      await renderCompare(app, hash.slice(8).split(',').filter(Boolean));
    } else {
      catalog ??= loadCatalog();
      const [, query = ''] = hash.split('?');
      const { filter, page } = parseFilter(query);
      await renderList(app, await catalog, filter, page, (f, p) => {
        const q = new URLSearchParams(Object.entries({ ...f, page: String(p) }).filter(([, v]) => v && v !== '0'));
        location.hash = `#/?${q}`;
      });
    }
    app.dataset.shown = shown;
    app.dataset.ready = 'true';
  } catch (e) {
    catalog = null;
    app.replaceChildren(el('h1', null, 'isobench'), errorBox('the site data cannot be read', e));
    app.dataset.shown = shown;
    app.dataset.ready = 'true';
  }
}

window.addEventListener('hashchange', () => {
  app.dataset.ready = 'false';
  void route();
});
void route();
