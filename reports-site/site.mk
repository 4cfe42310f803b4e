# reports-site/: the static comparison site (included by the root Makefile)
TEST_TARGETS += test-site

.PHONY: site-build test-site
reports-site/node_modules/.package-lock.json: reports-site/package-lock.json
	cd reports-site && npm ci --no-audit --no-fund
	@touch $@

site-build: reports-site/node_modules/.package-lock.json
	cd reports-site && npx tsc --noEmit -p . && npx vite build --logLevel warn

test-site: site-build build
	cd reports-site && npx vitest run
	cd reports-site && node test-browser/run.mjs
