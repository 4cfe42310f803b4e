import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// `npm run X` must run something: a script naming a file that is not there fails only when someone needs it.
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };

/** The files a script line runs with node: every `*.mjs`/`*.js` argument, relative to the site's folder. */
function filesRun(line: string): string[] {
  return line.split(/\s+/).filter((word) => /\.(mjs|js)$/.test(word));
}

describe('package.json scripts', () => {
  it('name only files that exist', () => {
    const missing = Object.entries(pkg.scripts).flatMap(([name, line]) =>
      filesRun(line)
        .filter((file) => !existsSync(new URL(`../${file}`, import.meta.url)))
        .map((file) => `${name}: ${file}`),
    );
    expect(missing).toEqual([]);
  });

  it('finds the files a line runs (so the check above can fail)', () => {
    expect(filesRun('node --test-concurrency=1 test-browser/run.mjs && node tools/x.js')).toEqual(['test-browser/run.mjs', 'tools/x.js']);
  });
});
