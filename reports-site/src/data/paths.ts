// Every URL the site fetches is built here, relative to the page, from validated pieces: a run key
// from the data can never point the site outside data/runs/, nor a file path outside its run.

const SEGMENT = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;
const RELATIVE_PATH = /^[A-Za-z0-9_][A-Za-z0-9._-]*(\/[A-Za-z0-9_][A-Za-z0-9._-]*)*$/;

export const CATALOG_PATH = 'data/catalog.json';
/** The newest runs' index shard, named as the publisher names shard 0 (docs/site-data.md), so the list can ask for it beside the catalog. */
export const FIRST_SHARD_PATH = 'data/index/runs-0000.json';

export class InvalidPathError extends Error {}

/** `<namespace>/<name>/<uid>`, each segment as the publisher allows it (docs/site-data.md). */
export function isValidRunKey(key: string): boolean {
  const parts = key.split('/');
  return parts.length === 3 && parts.every((p) => SEGMENT.test(p) && !p.includes('..'));
}

/** A path inside the site or a run folder: no scheme, no leading slash, no `..`. */
export function isSafeRelativePath(path: string): boolean {
  return RELATIVE_PATH.test(path) && !path.split('/').includes('..');
}

export function requireRunKey(key: string): string {
  if (!isValidRunKey(key)) {
    throw new InvalidPathError(`'${key}' is not a run key (<namespace>/<name>/<uid>, lower-case letters, digits, '-' and '.')`);
  }
  return key;
}

export function requireRelativePath(path: string, what: string): string {
  if (!isSafeRelativePath(path)) {
    throw new InvalidPathError(`${what} '${path}' is not a relative path inside the site`);
  }
  return path;
}

/** The URL of a file inside a run's folder, relative to index.html. */
export function runFileUrl(key: string, file: string): string {
  return `data/runs/${requireRunKey(key)}/${requireRelativePath(file, 'file')}`;
}

/** A series file (docs/site-data.md § Series): its key is 16 hex digits the publisher computed, nothing a run author wrote. */
export function seriesUrl(key: string): string {
  if (!/^[0-9a-f]{16}$/.test(key)) {
    throw new InvalidPathError(`'${key}' is not a series key (16 hex digits)`);
  }
  return `data/series/${key}.json`;
}
