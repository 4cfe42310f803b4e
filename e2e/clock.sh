# Sourced by the e2e scripts: where a line stands in time, so that CI's output alone says where the time went.
# E2E_START is set by e2e/run.sh; ISOBENCH_CI_START by .ci/run.
elapsed() { echo "e2e +$(( $(date +%s) - ${E2E_START:-$(date +%s)} ))s${ISOBENCH_CI_START:+, ci +$(( $(date +%s) - ISOBENCH_CI_START ))s}"; }
