# images/: OCI image archives assembled without Docker, and pushed to a registry (included by the root Makefile)
#   make images                                        → out/images/{runner,operator}.tar
#   make images-push REGISTRY=host[:port]/ns [TAG=…] [TLS_VERIFY=false]   both pushed with skopeo; prints the digests
.PHONY: images images-push test-images
TEST_TARGETS += test-images
TAG ?= 0.1.0

images: build site-build
	@TAG="$(TAG)" images/build-oci.sh runner operator

images-push: images
	@TAG="$(TAG)" TLS_VERIFY="$(or $(TLS_VERIFY),true)" images/push.sh "$(REGISTRY)" runner operator

test-images: build site-build
	@images/test.sh
	@images/push-test.sh
