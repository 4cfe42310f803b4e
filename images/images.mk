# images/: OCI image archives assembled without Docker (included by the root Makefile)
.PHONY: images test-images
TEST_TARGETS += test-images

images: build site-build
	@images/build-oci.sh runner operator

test-images: build site-build
	@images/test.sh
