import { existsSync, readFileSync } from 'node:fs';

/** The repository's copy of `path`: the nearest folder above this test that holds it (Stryker runs the tests in a copy of the site). */
export function fromRepository(path: string): string {
  for (let dir = new URL('.', import.meta.url); dir.pathname !== '/'; dir = new URL('..', dir)) {
    if (existsSync(new URL(path, dir))) return readFileSync(new URL(path, dir), 'utf8');
  }
  throw new Error(`${path} is in no folder above ${import.meta.url}`);
}

/** A real runner's run directory (result.json and the .hgrm/.hlog files it names), the one copy the Java modules share too. */
export const FIXTURE_RUN = 'test-fixtures/runs/dispatch-closed/';
