# e2e/: the product end to end on a cluster of its own with a real node (included by the root Makefile; root needed)
.PHONY: e2e
e2e: tools images image-custom-target site-build
	@images/build-oci.sh kubectl >/dev/null
	@e2e/run.sh
