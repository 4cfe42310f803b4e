import { describe, expect, it } from 'vitest';
import type { RunResult } from '../src/data/contract';
import { decodeHistogram } from '../src/hdr/decode';
import { HgrmParseError, parseHgrm } from '../src/hdr/hgrm';
import { percentileRows } from '../src/hdr/percentile-rows';
import { FIXTURE_RUN, fromRepository } from './repository';

// Golden files: every .hgrm of the fixture run was written by HdrHistogram's own outputPercentileDistribution (the
// runner's HgrmTable, 5 ticks per half distance, µs), from the very histograms result.json carries encoded.
const result = JSON.parse(fromRepository(`${FIXTURE_RUN}result.json`)) as RunResult;
const golden = result.steps.flatMap((s) => [
  { file: s.merged.files!.hgrm!, histogram: s.merged.histogram! },
  ...s.repetitions.map((r) => ({ file: r.files!.hgrm!, histogram: r.histogram! })),
]);

const text = (file: string) => fromRepository(FIXTURE_RUN + file);
const failure = (content: string, name = 'mine.hgrm'): string => {
  try {
    parseHgrm(content, name);
  } catch (e) {
    expect(e).toBeInstanceOf(HgrmParseError);
    return (e as Error).message;
  }
  throw new Error('parsed');
};

describe('.hgrm files as HdrHistogram writes them', () => {
  it.each(golden)('$file: every row as the histogram in result.json gives it (value in ns, percentile, count)', ({ file, histogram }) => {
    const table = parseHgrm(text(file), file);
    const expected = percentileRows(decodeHistogram(histogram));
    expect(table.rows.length).toBe(expected.length);
    table.rows.forEach((row, i) => {
      expect(row.value).toBe(expected[i].value);
      // printed with 12 decimals: within half of the last one
      expect(Math.abs(row.percentile - expected[i].percentile)).toBeLessThan(5.01e-13);
      expect(row.totalCount).toBe(expected[i].totalCount);
      // the file's own 1/(1−p) column is rounded to 2 decimals: the chart's x comes from the 12-decimal percentile
      if (expected[i].inverse === Infinity) expect(row.inverse).toBe(Infinity);
      else expect(row.inverse / expected[i].inverse).toBeCloseTo(1, 6);
    });
    expect(table.totalCount).toBe(decodeHistogram(histogram).total);
  });

  it('reads a file with Windows line ends and no trailing buckets line the same', () => {
    const file = golden[0].file;
    const lines = text(file)
      .split('\n')
      .filter((l) => !l.startsWith('#[Buckets'));
    expect(parseHgrm(lines.join('\r\n'), file).rows).toEqual(parseHgrm(text(file), file).rows);
  });
});

describe('a malformed .hgrm is refused naming the file and the line', () => {
  const good = text(golden[0].file);
  const lines = good.split('\n');

  it('a line that is not a row', () => {
    const bad = [...lines.slice(0, 5), 'hello world', ...lines.slice(5)].join('\n');
    expect(failure(bad, 'queue-a.hgrm')).toBe("queue-a.hgrm, line 6: not a percentile row (value percentile count 1/(1-p)): 'hello world'");
  });

  it('a percentile outside 0..1', () => {
    const bad = [...lines.slice(0, 3), '       0.528 1.100000000000      11180           1.11', ...lines.slice(4)].join('\n');
    expect(failure(bad)).toBe('mine.hgrm, line 4: percentile 1.100000000000 is outside 0..1');
  });

  it('percentiles or counts going down (rows out of order, two files pasted together)', () => {
    const bad = [...lines.slice(0, 5), lines[3], ...lines.slice(5)].join('\n');
    expect(failure(bad)).toMatch(/^mine\.hgrm, line 6: percentile 0\.1000+ after 0\.2000+: rows must not go down$/);
    const counts = [...lines.slice(0, 4), '       0.528 0.100000000000          1           1.11', ...lines.slice(5)].join('\n');
    expect(failure(counts)).toBe('mine.hgrm, line 5: total count 1 after 11180: rows must not go down');
  });

  it('cut off before its footer', () => {
    expect(failure(lines.slice(0, 40).join('\n'), 'cut.hgrm')).toBe(
      "cut.hgrm: no '#[Max = …, Total count = …]' footer after line 40: not an .hgrm file, or a cut-off one",
    );
  });

  it("a footer whose total is not the last row's count", () => {
    const bad = good.replace(/Total count {4}= +(\d+)/, (_m, n: string) => `Total count    =       ${Number(n) + 1}`);
    expect(failure(bad)).toMatch(/^mine\.hgrm, line \d+: total count 110109 but the last row counts 110108$/);
  });

  it('an empty file, or a file of anything else', () => {
    expect(failure('', 'empty.hgrm')).toMatch(/^empty\.hgrm: no '#\[Max/);
    expect(failure('{"formatVersion": 1}', 'result.json')).toBe(
      'result.json, line 1: not a percentile row (value percentile count 1/(1-p)): \'{"formatVersion": 1}\'',
    );
  });

  it('a long line is quoted short (the message is for a person, the file may be anything)', () => {
    expect(failure('x'.repeat(10_000))).toBe(
      `mine.hgrm, line 1: not a percentile row (value percentile count 1/(1-p)): '${'x'.repeat(60)}…'`,
    );
  });
});
