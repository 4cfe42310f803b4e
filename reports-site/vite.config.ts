import { defineConfig } from 'vitest/config';

// Relative base: the bundle must work from any folder, a plain static server or a bucket prefix
// (http://127.0.0.1:9000/<bucket>/site/index.html), with no server-side rewrites.
export default defineConfig({
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 400,
  },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
