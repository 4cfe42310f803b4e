// Mutation testing of the site's statistics (make mutation; the gate in make test): Stryker changes src/stats — the
// Welch rule behind "slower / faster / no change / too few repetitions to tell" and what makes two runs comparable — and runs the vitest suite
// against every mutant. Incremental: a mutant whose code and covering tests did not change keeps its last result.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vite.config.ts' },
  mutate: ['src/stats/**/*.ts'],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  // the gate reads the JSON report and decides (config/mutation/explained-survivors.txt), not a score threshold
  thresholds: { high: 90, low: 80, break: null },
  // Stryker rewrites tsconfig.json's extends/references with TypeScript's JavaScript API, which TypeScript 7 (native) no
  // longer ships; the site's tsconfig has neither, so no tsconfig is handed to it (vitest does not read it either)
  tsconfigFile: 'no-tsconfig-for-stryker.json',
  tempDirName: 'reports/stryker-tmp',
  cleanTempDir: 'always',
};
