# examples/custom-target: a plugin target built by its own pom and run through the runner (included by the root Makefile)
#   make test-custom-target     the example end to end (examples/custom-target/test.sh)
#   make image-custom-target    its image: the runner image plus the plugin jar (out/images/custom-target.tar)
.PHONY: test-custom-target image-custom-target
TEST_TARGETS += test-custom-target image-custom-target

# the Java tests run every example as written (ExamplesAsWrittenIT), this folder's BenchmarkRun too: its jar first
test-java: test-custom-target

test-custom-target: $(RUNNER_JAR)
	@MVN="$(MVN)" examples/custom-target/test.sh

image-custom-target: build
	@TAG="$(TAG)" MVN="$(MVN)" examples/custom-target/build-image.sh
