import { FORMAT_VERSION } from './contract';

/** A data file that could not be used; the message names the file and says why. */
export class DataFileError extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`${file}: ${reason}`);
  }
}

export async function fetchText(url: string, signal?: AbortSignal): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { signal, cache: 'no-cache' });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new DataFileError(url, `cannot be fetched (${(e as Error).message})`);
  }
  if (!response.ok) {
    throw new DataFileError(
      url,
      response.status === 404 || response.status === 403 ? 'missing (not published)' : `HTTP ${response.status}`,
    );
  }
  return response.text();
}

/** Parses a versioned JSON file; any other formatVersion is refused for this file only. */
export function parseVersionedJson<T>(url: string, text: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new DataFileError(url, `is not valid JSON (${(e as Error).message})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new DataFileError(url, 'does not hold a JSON object');
  }
  const version = (value as { formatVersion?: unknown }).formatVersion;
  if (version !== FORMAT_VERSION) {
    throw new DataFileError(
      url,
      version === undefined
        ? 'has no formatVersion'
        : `formatVersion ${JSON.stringify(version)} is not supported (this site reads formatVersion ${FORMAT_VERSION})`,
    );
  }
  return value as T;
}

export async function fetchVersionedJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  return parseVersionedJson<T>(url, await fetchText(url, signal));
}

/** Checks the fields a view relies on, so a malformed file fails here with its name, not later. */
export function requireFields(url: string, value: object, fields: string[]): void {
  const missing = fields.filter((f) => (value as Record<string, unknown>)[f] === undefined);
  if (missing.length > 0) {
    throw new DataFileError(url, `lacks ${missing.join(', ')}`);
  }
}
