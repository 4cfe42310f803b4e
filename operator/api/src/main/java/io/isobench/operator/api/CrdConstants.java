package io.isobench.operator.api;

/** Names shared by the CRD, the operator, the chart and the runner pods: group, kind, labels, annotations, conditions. */
public final class CrdConstants {

    public static final String GROUP = "isobench.io";
    public static final String VERSION = "v1alpha1";
    public static final String API_VERSION = GROUP + "/" + VERSION;
    public static final String KIND = "BenchmarkRun";
    public static final String PLURAL = "benchmarkruns";
    public static final String SHORT_NAME = "br";
    public static final String CRD_NAME = PLURAL + "." + GROUP;

    /** The BenchmarkSchedule kind: BenchmarkRuns made from a template on a cron schedule. */
    public static final String SCHEDULE_KIND = "BenchmarkSchedule";

    public static final String SCHEDULE_PLURAL = "benchmarkschedules";
    public static final String SCHEDULE_SHORT_NAME = "bsched";
    public static final String SCHEDULE_CRD_NAME = SCHEDULE_PLURAL + "." + GROUP;
    /** On each run a schedule made: the schedule's name (its ownerReference says which one by uid). */
    public static final String LABEL_SCHEDULE = GROUP + "/schedule";
    /** On each run a schedule made: the scheduled time it was made for (RFC 3339). */
    public static final String ANNOTATION_SCHEDULED_TIME = GROUP + "/scheduled-time";

    /** Standard labels on everything the operator creates. */
    public static final String LABEL_APP_NAME = "app.kubernetes.io/name";

    public static final String LABEL_APP_INSTANCE = "app.kubernetes.io/instance";
    public static final String LABEL_APP_COMPONENT = "app.kubernetes.io/component";
    public static final String LABEL_APP_MANAGED_BY = "app.kubernetes.io/managed-by";
    public static final String APP_NAME = "isobench";
    public static final String MANAGED_BY = "isobench-operator";

    /** The BenchmarkRun (by name) an object belongs to. */
    public static final String LABEL_RUN = GROUP + "/run";
    /** client, server or agent. */
    public static final String LABEL_ROLE = GROUP + "/role";
    /** With load.parallelism above 1: which load part a load pod is (0 is the runner pod that coordinates them). */
    public static final String LABEL_LOAD_PART = GROUP + "/load-part";
    /** 1-based attempt number (retries create new attempts). */
    public static final String LABEL_ATTEMPT = GROUP + "/attempt";

    /** Name of the BenchmarkRun's namespace (objects live in the operator's run namespace). */
    public static final String LABEL_RUN_NAMESPACE = GROUP + "/run-namespace";
    /** The BenchmarkRun's uid: selects exactly one run's objects. */
    public static final String LABEL_RUN_UID = GROUP + "/run-uid";
    /** Annotations carrying the owning run's name and namespace (label values are limited to 63 characters). */
    public static final String ANNOTATION_RUN_NAME = GROUP + "/run-name";

    public static final String ANNOTATION_RUN_NAMESPACE = GROUP + "/run-namespace";
    /** Default node label naming a dedicated node's pool; Exclusive runs go only to labelled nodes. */
    public static final String POOL_LABEL = GROUP + "/pool";
    /** Default taint key of dedicated nodes, tolerated by runner pods. */
    public static final String DEDICATED_TAINT = GROUP + "/dedicated";
    /** Finalizer: a run's Job, pods and ConfigMap (in the run namespace, so no owner reference) are removed first. */
    public static final String FINALIZER = GROUP + "/cleanup";

    /** Condition types in status.conditions. */
    public static final String CONDITION_ACCEPTED = "Accepted";
    /** Whether some node could take the run (its pool's labels, its whole CPUs and memory); False says why, while it waits or fails. */
    public static final String CONDITION_PLACEABLE = "Placeable";

    public static final String CONDITION_ISOLATED = "Isolated";
    public static final String CONDITION_COMPLETED = "Completed";
    public static final String CONDITION_PUBLISHED = "Published";
    /** False when the runner's verdict was INCONCLUSIVE: the host's noise voided the measurement (reason HostNoise). */
    public static final String CONDITION_CONCLUSIVE = "Conclusive";
    /**
     * With {@code report.baseline}: True when the run is slower than its baseline (docs/compare.md), False when not, Unknown
     * when it cannot tell (incomparable runs, too few repetitions, no result); set once both runs are collected, never moved.
     */
    public static final String CONDITION_REGRESSED = "Regressed";

    /**
     * On a BenchmarkSchedule: True while it makes runs at its times; False when suspended (Suspended), when its schedule or
     * time zone cannot be read (InvalidSchedule) or when the API server refused its last run (RunRefused).
     */
    public static final String CONDITION_SCHEDULING = "Scheduling";

    private CrdConstants() {}
}
