# images/: OCI image archives assembled without Docker (included by the root Makefile)
.PHONY: images test-images
TEST_TARGETS += test-images

images: build
	@images/build-oci.sh runner operator

test-images: build
	@images/test.sh
