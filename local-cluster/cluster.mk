# local-cluster/: a loopback Kubernetes (etcd, API server, controller-manager, scheduler, kwok nodes) and MinIO
# (included by the root Makefile). State in $(CLUSTER_DIR); ports $(CLUSTER_PORT_BASE)…+19 on 127.0.0.1.
CLUSTER_DIR ?= $(OUT)/cluster
CLUSTER_PORT_BASE ?= 26000
TOOLS += k8s kwok minio
TEST_TARGETS += test-cluster

.PHONY: cluster-up cluster-down cluster-status test-cluster test-real-node

# NODE=real adds a real node (containerd + kubelet, static CPU manager) and a registry on 127.0.0.1 holding the runner and
# operator images, which the node pulls (helm install … --set image.registry=<the registry printed>/isobench)
cluster-up: tools $(if $(filter real,$(NODE)),images)
	@local-cluster/up.sh --state-dir "$(CLUSTER_DIR)" --port-base "$(CLUSTER_PORT_BASE)"
	@if [ "$(NODE)" = real ]; then \
	  registry=$$(local-cluster/registry.sh start --state-dir "$(CLUSTER_DIR)" --port-base "$(CLUSTER_PORT_BASE)") && \
	  TLS_VERIFY=false images/push.sh "$$registry/isobench" runner operator && \
	  local-cluster/real-node.sh start --state-dir "$(CLUSTER_DIR)" --port-base "$(CLUSTER_PORT_BASE)"; fi

# the real node isolates: a Guaranteed one-CPU pod runs the runner image on an exclusive core, in a cluster of its own
TEST_TARGETS += test-real-node
test-real-node: tools images
	@local-cluster/real-node/test.sh "$(abspath $(OUT))/images/runner.tar"

cluster-down:
	@local-cluster/down.sh --state-dir "$(CLUSTER_DIR)"

cluster-status:
	@[ -f "$(CLUSTER_DIR)/kubeconfig" ] || { echo "no cluster in $(CLUSTER_DIR) (make cluster-up)"; exit 1; }
	@~/.cache/isobench/bin/kubectl --kubeconfig "$(CLUSTER_DIR)/kubeconfig" get nodes -L isobench.io/pool
	@echo "KUBECONFIG=$(abspath $(CLUSTER_DIR))/kubeconfig"

test-cluster: tools
	@local-cluster/test.sh
