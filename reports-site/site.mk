# reports-site/: the static comparison site (included by the root Makefile)
TEST_TARGETS += test-site

.PHONY: site-build test-site lint-site format-site
reports-site/node_modules/.package-lock.json: reports-site/package-lock.json
	cd reports-site && npm ci --no-audit --no-fund
	@touch $@

# ESLint and Prettier have a folder of their own (their parser needs TypeScript 6; reports-site/lint/eslint.config.mjs)
reports-site/lint/node_modules/.package-lock.json: reports-site/lint/package-lock.json
	cd reports-site/lint && npm ci --no-audit --no-fund
	@touch $@

# the type-aware rules read the site's own packages' types too
lint-site: reports-site/node_modules/.package-lock.json reports-site/lint/node_modules/.package-lock.json
	cd reports-site/lint && npm run --silent lint

format-site: reports-site/lint/node_modules/.package-lock.json
	cd reports-site/lint && npm run --silent format

site-build: reports-site/node_modules/.package-lock.json
	cd reports-site && npx tsc --noEmit -p . && npx vite build --logLevel warn

test-site: site-build build
	cd reports-site && npx vitest run
	cd reports-site && node test-browser/run.mjs
	cd reports-site && node test-browser/inconclusive.mjs
	cd reports-site && node test-browser/failed.mjs
	cd reports-site && node test-browser/compare.mjs
	cd reports-site && node test-browser/series.mjs
	cd reports-site && node test-browser/charts.mjs
	cd reports-site && node test-browser/parallel.mjs
	cd reports-site && node test-browser/list.mjs

# 10,000 runs: publishing time and bytes, then first paint and filtering in Chromium (BENCHMARKS.md)
.PHONY: bench-site
bench-site: site-build build
	$(MVN) -pl publisher -am verify -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false -Dit.test='PublishScaleBenchmark' \
	  -Dfailsafe.failIfNoSpecifiedTests=false \
	  -Disobench.bench.site=$(abspath $(OUT))/bench/site-10k -Disobench.bench.out=$(abspath $(OUT))/bench/publish.md \
	  -Disobench.bench.bucketOut=$(abspath $(OUT))/bench/publish-bucket.md -Disobench.bench.bundle=$(abspath reports-site/dist) \
	  -Disobench.bench.remoteOut=$(abspath $(OUT))/bench/publish-remote.md
	cd reports-site && node bench/site-bench.mjs $(abspath $(OUT))/bench/site-10k > $(abspath $(OUT))/bench/site-browser.md
	@echo >> $(abspath $(OUT))/bench/site-browser.md; echo "The same with every answer held back 20 ms, as a bucket across a network:" >> $(abspath $(OUT))/bench/site-browser.md
	@echo >> $(abspath $(OUT))/bench/site-browser.md
	cd reports-site && node bench/site-bench.mjs $(abspath $(OUT))/bench/site-10k '' 3 20 >> $(abspath $(OUT))/bench/site-browser.md
	@{ echo "## Publishing and browsing 10,000 runs"; echo; \
	   echo "\`make bench-site\` — synthetic runs (copies of a real runner result, 3 targets, labels, 4 nodes) published by the Java publisher into a folder (and 1,000 of them into a MinIO bucket), then the site in Debian Chromium (headless) over a local static server. $$(date -u +%FT%TZ), $$(nproc) CPUs."; echo; \
	   cat "$(OUT)/bench/publish.md"; echo; cat "$(OUT)/bench/publish-bucket.md"; echo; cat "$(OUT)/bench/publish-remote.md"; echo; \
	   echo "Browsing (\`reports-site/bench/site-bench.mjs\`): times taken in the page, list ready from the navigation's start to the rendered list, a filter from the form's submit to the rendered rows; in brackets the driver's clock around the same steps (it adds Playwright's round trips)."; echo; \
	   cat "$(OUT)/bench/site-browser.md"; } | scripts/bench-section.sh site
BENCH_TARGETS += bench-site

# one series of 10,000 runs: judged run by run by the publisher, then the series view in Chromium (BENCHMARKS.md)
.PHONY: bench-series
bench-series: site-build
	rm -rf "$(OUT)/bench/series-10k"
	$(MVN) -pl publisher -am verify -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false -Dit.test='SeriesScaleBenchmark' \
	  -Dfailsafe.failIfNoSpecifiedTests=false \
	  -Disobench.bench.site=$(abspath $(OUT))/bench/series-10k -Disobench.bench.out=$(abspath $(OUT))/bench/series-publish.md \
	  -Disobench.bench.bundle=$(abspath reports-site/dist)
	cd reports-site && node bench/series-bench.mjs $(abspath $(OUT))/bench/series-10k > $(abspath $(OUT))/bench/series-browser.md
	@{ echo "## A series of 10,000 runs"; echo; \
	   echo "\`make bench-series\` — one series of 10,000 nightly runs (copies of a real runner result, ±1 % noise, 10 % slower every 2,500 runs) judged one run at a time by the publisher's series code (\`SeriesScaleBenchmark\`), then the series view (\`#/series/<key>\`) in Debian Chromium (headless) over a local static server, a fresh page each round. $$(date -u +%FT%TZ), $$(nproc) CPUs, load average $$(cut -d' ' -f1-3 /proc/loadavg) (other engineers' builds)."; echo; \
	   cat "$(OUT)/bench/series-publish.md"; echo; cat "$(OUT)/bench/series-browser.md"; } | scripts/bench-section.sh series
BENCH_TARGETS += bench-series
