package io.isobench.operator.stepcontract;

/**
 * Why a run ended {@code Failed}: the reason of its {@code Completed} condition and of its Warning event, with what it
 * means and what to do. docs/troubleshooting.md is generated from this enum ({@code make docs}; TroubleshootingDocTest
 * fails when it drifts), so a new reason is documented where it is declared.
 */
public enum FailureReason {
    InvalidSpec(
            false,
            "The spec asks for something admission could not check (a `spec.report.baseline` naming the run itself).",
            "Fix the field the message names and create the run again under a new name or after deleting it (the spec is immutable)."),
    Unschedulable(
            false,
            "No node matching the run's `nodeSelector` has the whole CPUs and the memory it asks allocatable"
                    + " (`Placeable=False`); the message gives the numbers asked and the most any node has.",
            "Ask for fewer (`spec.placement.client/server/agent`) or give the pool a bigger node. Allocatable CPUs are the node's CPUs"
                    + " less `reservedSystemCPUs`: [how big a node each example needs](operator.md#how-big-a-node-each-example-needs)."),
    CpuManagerNotStatic(
            false,
            "Isolation `Exclusive`, but no matching node's kubelet runs `cpuManagerPolicy: static` (or the admitted"
                    + " node's no longer did at preflight); the message names each node and its policy.",
            "Set `cpuManagerPolicy: static` and `reservedSystemCPUs` in the pool's kubelet configuration, remove"
                    + " `/var/lib/kubelet/cpu_manager_state`, restart the kubelet ([preparing"
                    + " nodes](operator.md#preparing-dedicated-nodes)). Or run with `placement.isolation: Shared`, which is never"
                    + " reported isolated."),
    KubeletConfigUnreadable(
            false,
            "The operator may not read a node's kubelet configuration (`GET /configz` on the kubelet): a kubelet"
                    + " before 1.33 or without `KubeletFineGrainedAuthz`, no webhook authentication or authorization, a serving certificate it"
                    + " does not trust, or a ServiceAccount without `nodes/configz`. The message names the node and which.",
            "Kubelets 1.33+ with webhook authn/authz; a serving certificate from the cluster's CA (`serverTLSBootstrap: true`) or its CA"
                    + " in chart value `kubelet.caBundle`; `helm test` checks the operator's grants ([isolation,"
                    + " verified](operator.md#isolation-verified))."),
    RunnerFailed(
            true,
            "The runner container exited with a code that is not a result (2 bad usage, 3 could not finish, 4 result written"
                    + " but not uploaded, 137 killed, e.g. out of memory), or its pod was deleted or could not start; the message gives the code"
                    + " and its meaning.",
            "`kubectl logs` the runner pod in the run namespace (it is kept until the run is deleted). Exit 4: the dedicated node could"
                    + " not reach the object store until `runner.uploadDeadline`. 137: raise `spec.placement.client.memory`."
                    + " `spec.retries` retries the attempt."),
    JobDeleted(
            true,
            "The runner Job of the running attempt was deleted by someone else.",
            "Leave runner Jobs to the operator; delete the BenchmarkRun to stop a run. `spec.retries` retries the attempt."),
    ActionRejected(
            true,
            "The API server refused an action of the attempt for good (a 4xx other than a conflict, timeout or rate"
                    + " limit: a Job or ConfigMap its validation or a cluster policy refuses, a forbidden create, an exceeded quota in the run"
                    + " namespace); the message is the API server's own.",
            "Read the API server's message: fix what it names in the spec, the cluster policy, or the run namespace's quota. The"
                    + " attempt fails at once and frees its node; `spec.retries` retries it (and is refused again unless the cause is gone)."),
    NodeNotReady(
            true,
            "A node holding the run was NotReady for more than 30 s during the attempt.",
            "Check the node's kubelet and network (`kubectl describe node`); `spec.retries` retries the attempt, placed anew by the queue"
                    + " on a Ready node."),
    NoResult(
            true,
            "The runner ended, but no `result.json` appeared under its upload prefix within `runner.collectGrace` (2m).",
            "The runner's log says why its upload failed: the store endpoint (`store.endpoint`) must be reachable from the dedicated"
                    + " nodes and the credentials valid; `runner.uploadDeadline` bounds its retries."),
    NoObjectStore(
            false,
            "The operator has no object store configured (`ISOBENCH_STORE_ENDPOINT` is empty), so results cannot be"
                    + " collected.",
            "Set chart value `store.endpoint`, or keep `minio.enabled`."),
    ResultTooLarge(
            false,
            "`result.json`, a histogram file it names, or all of them together are over the operator's read caps; the"
                    + " message names the field, the size and the cap.",
            "Measure fewer or shorter windows (`spec.load`), or raise `runner.readLimits.*` in the chart values."),
    InvalidResult(
            false,
            "`result.json` is malformed or implausible (another target, decreasing or over-an-hour percentiles, a merged"
                    + " count that is not the sum of its repetitions', …) or names a file outside `steps/`; the message names the field and"
                    + " value.",
            "Runs with the chart's runner image write what the operator reads; another image (`spec.runner.image`) must write the same"
                    + " format (docs/contracts.md). Nothing of the result lands in status or on the site."),
    Inconclusive(
            false,
            "The runner finished INCONCLUSIVE (exit 5): host noise beyond `spec.load.noiseBudget` voided a step after its"
                    + " reruns, or a step missed its rate by no more than the host took from the runner's measured"
                    + " threads (their wait for their CPUs behind other processes, and steal; budget or not)"
                    + " (`Conclusive=False`, reason `HostNoise`); the result says nothing about the code.",
            "Quiet the node ([noise](noise.md)): no other pods on it, `isolcpus`/`nohz_full`, the performance governor; or allow more"
                    + " with `spec.load.noiseBudget` and `spec.load.maxReruns`."),
    StepFailed(
            false,
            "The runner finished and a step FAILed (exit 1): the achieved rate fell short of the target beyond the rate"
                    + " tolerance, the load generator lagged, or replies did not drain; the figures are in status and on the site.",
            "A FAIL is a result: [reading a report](reading-a-report.md) says which step failed and why. To measure below saturation,"
                    + " lower `spec.load.rates` or give the run more CPUs."),
    Timeout(
            false,
            "`spec.timeout` (default 30m, counted from creation, queueing included) passed before the run ended; its Jobs are"
                    + " removed. The message says the phase it was in.",
            "Was `Queued`: the pool was busy or had no node (see `Placeable` and `status.message`); raise `spec.timeout` (at most"
                    + " `admission.maxTimeout`) or free the pool. Was `Running`: the run is longer than its timeout allows.");

    private final boolean retried;
    private final String meaning;
    private final String remedy;

    FailureReason(boolean retried, String meaning, String remedy) {
        this.retried = retried;
        this.meaning = meaning;
        this.remedy = remedy;
    }

    /** Whether the attempt is retried as a new Job while {@code spec.retries} allows, before the run fails with this reason. */
    public boolean retried() {
        return retried;
    }

    /** What happened, for docs/troubleshooting.md (Markdown). */
    public String meaning() {
        return meaning;
    }

    /** What to do about it (Markdown). */
    public String remedy() {
        return remedy;
    }
}
