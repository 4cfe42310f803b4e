import { decodeFromCompressedBase64, type JsHistogram } from 'hdr-histogram-js';
import { histogramOf, type Histogram } from './histogram';

export class HistogramDecodeError extends Error {}

/**
 * Decodes HdrHistogram's compressed base64 encoding (what Java's encodeIntoCompressedByteBuffer writes,
 * the `HISTF…` strings of result.json and .hlog lines) into the site's bucket list.
 */
export function decodeHistogram(base64: string): Histogram {
  requireComplete(base64.trim());
  let decoded: JsHistogram;
  try {
    // 64-bit counts, plain JavaScript (no WebAssembly): counts above 2^31 stay exact up to 2^53
    decoded = decodeFromCompressedBase64(base64.trim(), 64, false) as unknown as JsHistogram;
  } catch (e) {
    throw new HistogramDecodeError(`not an HdrHistogram compressed histogram (${(e as Error).message})`);
  }
  const buckets: Array<[number, number, number]> = [];
  for (let i = 0; i < decoded.countsArrayLength; i++) {
    const count = decoded.getCountAtIndex(i);
    if (count > 0) {
      const value = decoded.valueFromIndex(i);
      buckets.push([decoded.lowestEquivalentValue(value), decoded.highestEquivalentValue(value), count]);
    }
  }
  decoded.destroy();
  return histogramOf(buckets);
}

/**
 * A compressed histogram is a 4-byte cookie, a 4-byte big-endian length and that many deflated bytes. A cut-off
 * string (a truncated .hlog line) can still inflate to a plausible histogram, so the length is checked first.
 */
function requireComplete(base64: string): void {
  let bytes: string;
  try {
    bytes = atob(base64);
  } catch {
    throw new HistogramDecodeError('not base64');
  }
  if (bytes.length < 8) throw new HistogramDecodeError(`truncated: ${bytes.length} bytes, no header`);
  const declared = ((bytes.charCodeAt(4) << 24) | (bytes.charCodeAt(5) << 16) | (bytes.charCodeAt(6) << 8) | bytes.charCodeAt(7)) >>> 0;
  if (bytes.length < 8 + declared) throw new HistogramDecodeError(`truncated: ${bytes.length - 8} of ${declared} compressed bytes`);
}
