package io.isobench.operator.workload;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.LocalObjectReference;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.SecurityContextBuilder;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyIngressRuleBuilder;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.BenchmarkRunSpec;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.EnvEntry;
import io.isobench.operator.api.RunnerToleration;
import io.isobench.operator.api.targets.NetworkServer;
import io.isobench.operator.api.targets.TargetProfile;
import io.isobench.operator.api.targets.TargetProfiles;
import io.isobench.operator.config.OperatorConfig;
import io.isobench.store.access.UploadGrant;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Kubernetes objects of one attempt: a ConfigMap with the runner's argument files and Job(s) whose pods
 * are Guaranteed (requests = limits, whole CPUs), pinned to the admitted node, and restricted (non-root, no
 * privilege escalation, all capabilities dropped, read-only root filesystem, RuntimeDefault seccomp).
 * Kubernetes never retries (backoffLimit 0): retries are the run's own, one attempt each.
 */
public final class RunnerWorkload {

    public static final String ROLE_CLIENT = "client";
    public static final String ROLE_SERVER = "server";
    /** The load pods other than the first (load.parallelism above 1); the first, part 0, is the client. */
    public static final String ROLE_LOAD_PART = "load-part";

    public static final String CLIENT_ARGS_FILE = "client.args";
    public static final String SERVER_ARGS_FILE = "server.args";
    static final long RUNNER_UID = 10001;
    static final String GRANT_KEY = "grant";
    static final String PARTS_TOKEN_KEY = "token";
    /** The runner's environment variable for the load parts' shared secret (its PartToken.ENV). */
    static final String PARTS_TOKEN_ENV = "ISOBENCH_PARTS_TOKEN";

    private final OperatorConfig config;

    public RunnerWorkload(OperatorConfig config) {
        this.config = config;
    }

    /** Labels that select one run's objects (uid: names may exceed label limits). */
    public static Map<String, String> runLabels(BenchmarkRun run) {
        var labels = new LinkedHashMap<String, String>();
        labels.put(CrdConstants.LABEL_APP_NAME, "isobench-runner");
        labels.put(CrdConstants.LABEL_APP_MANAGED_BY, CrdConstants.MANAGED_BY);
        labels.put(CrdConstants.LABEL_RUN_UID, run.getMetadata().getUid());
        labels.put(CrdConstants.LABEL_RUN_NAMESPACE, run.getMetadata().getNamespace());
        String name = run.getMetadata().getName();
        if (name.length() <= 63) {
            labels.put(CrdConstants.LABEL_RUN, name);
        }
        return labels;
    }

    public ConfigMap arguments(BenchmarkRun run, int attempt, String serverAddress) {
        return arguments(run, attempt, serverAddress, null);
    }

    /**
     * The attempt's argument files: the client's (load part 0's), the server's where it is a pod of its own, and — once
     * load part 0 has an address ({@code coordinator}, its pod IP) — every other load pod's.
     */
    public ConfigMap arguments(BenchmarkRun run, int attempt, String serverAddress, String coordinator) {
        BenchmarkRunSpec spec = run.getSpec();
        var data = new LinkedHashMap<String, String>();
        data.put(
                CLIENT_ARGS_FILE,
                RunnerArgs.file(RunnerArgs.client(
                        spec, config, RunNames.attemptPrefix(run, attempt, ROLE_CLIENT), serverAddress)));
        if (coordinator != null) {
            for (int part = 1; part < spec.getLoad().loadPods(); part++) {
                data.put(
                        partArgsFile(part),
                        RunnerArgs.file(RunnerArgs.loadPart(spec, serverAddress, part, coordinator)));
            }
        }
        TargetProfile target = TargetProfiles.of(spec.getTarget());
        // the request's body and CA, inline in the spec, mounted beside the arguments that name them
        data.putAll(target.clientFiles());
        if (target.server().isPresent() && !ResourcePlan.of(spec).serverInClientContainer()) {
            data.put(SERVER_ARGS_FILE, RunnerArgs.file(RunnerArgs.server(spec)));
        }
        return new ConfigMapBuilder()
                .withMetadata(meta(run, attempt, RunNames.args(run, attempt), null))
                .withData(data)
                .build();
    }

    /**
     * The Secret holding the attempt's upload grant (JSON, key {@value #GRANT_KEY}), for the runner container's env. Owned by
     * the attempt's argument ConfigMap (same namespace; a Job, made after it, could not own it before its pod starts), so it
     * goes with the run even when the operator does not live to delete it; the grant itself is revoked long before.
     */
    public Secret uploadGrantSecret(BenchmarkRun run, int attempt, String grantJson, ConfigMap owner) {
        return ownedSecret(
                meta(run, attempt, RunNames.uploadGrant(run, attempt), ROLE_CLIENT), GRANT_KEY, grantJson, owner);
    }

    /** An immutable Secret of one key, owned by the attempt's argument ConfigMap: it goes with the attempt. */
    private static Secret ownedSecret(ObjectMeta meta, String key, String value, ConfigMap owner) {
        meta.setOwnerReferences(List.of(new OwnerReferenceBuilder()
                .withApiVersion("v1")
                .withKind("ConfigMap")
                .withName(owner.getMetadata().getName())
                .withUid(owner.getMetadata().getUid())
                .build()));
        return new SecretBuilder()
                .withMetadata(meta)
                .withType("Opaque")
                .withImmutable(true)
                .withStringData(Map.of(key, value))
                .build();
    }

    /**
     * The measuring Job; with SamePod, the server runs beside it as a native sidecar (ends with the client). With
     * load.parallelism above 1 it is load part 0: it coordinates the other load pods, which reach it on
     * {@link RunnerArgs#PARTS_PORT}, and writes and uploads the run's one result.
     */
    public Job clientJob(BenchmarkRun run, int attempt, String node) {
        ResourcePlan plan = ResourcePlan.of(run.getSpec());
        Map<String, String> variantImages = VariantImages.of(run.getSpec());
        // the variants' images are copied before anything else starts (a sidecar server would run meanwhile)
        var initContainers = new ArrayList<Container>();
        variantImages.forEach((image, folder) -> initContainers.add(copiesVariantImage(image, folder, plan)));
        if (plan.serverCpus() > 0 && !plan.twoPods()) {
            initContainers.add(new ContainerBuilder(
                            container(run, ROLE_SERVER, SERVER_ARGS_FILE, plan.serverCpus(), plan.serverMemory()))
                    .withRestartPolicy("Always")
                    .build());
        }
        var client = new ContainerBuilder(
                        container(run, ROLE_CLIENT, CLIENT_ARGS_FILE, plan.clientCpus(), plan.clientMemory()))
                .addAllToEnv(uploadGrantEnv(run, attempt));
        if (!variantImages.isEmpty()) {
            client.addNewVolumeMount()
                    .withName(VariantImages.VOLUME)
                    .withMountPath(VariantImages.MOUNT_PATH)
                    .withReadOnly(true)
                    .endVolumeMount();
        }
        if (plan.loadPods().parallel()) {
            client.addAllToEnv(partsTokenEnv(run, attempt))
                    .addNewPort()
                    .withName("parts")
                    .withContainerPort(RunnerArgs.PARTS_PORT)
                    .endPort();
        }
        Job job = job(run, attempt, RunNames.job(run, attempt), ROLE_CLIENT, node, initContainers, client.build());
        if (plan.loadPods().parallel()) {
            labelPart(job, 0);
        }
        if (!variantImages.isEmpty()) {
            job.getSpec()
                    .getTemplate()
                    .getSpec()
                    .getVolumes()
                    .add(new VolumeBuilder()
                            .withName(VariantImages.VOLUME)
                            .withNewEmptyDir()
                            .withSizeLimit(new Quantity(VariantImages.sizeLimit(variantImages.size())))
                            .endEmptyDir()
                            .build());
        }
        return job;
    }

    /**
     * An init container of a variant's image copying its runner into the variants volume: that image's own entrypoint
     * (its java, its jars) with {@code installation --copy-to}. None of the run author's env or JVM options: it measures
     * nothing. The client's resources, so the pod stays Guaranteed and the image's JVM has the memory it asks for.
     */
    private Container copiesVariantImage(String image, String folder, ResourcePlan plan) {
        var limits = limits(plan.clientCpus(), plan.clientMemory());
        return new ContainerBuilder()
                .withName("variant-" + folder)
                .withImage(image)
                .withImagePullPolicy("IfNotPresent")
                .withArgs("installation", "--copy-to", VariantImages.MOUNT_PATH + "/" + folder, "--image", image)
                .withResources(new ResourceRequirementsBuilder()
                        .withRequests(limits)
                        .withLimits(limits)
                        .build())
                .addNewVolumeMount()
                .withName(VariantImages.VOLUME)
                .withMountPath(VariantImages.MOUNT_PATH)
                .endVolumeMount()
                .addNewVolumeMount()
                .withName("tmp")
                .withMountPath("/tmp")
                .endVolumeMount()
                .withSecurityContext(containerSecurity())
                .build();
    }

    /**
     * Load pod {@code part} (1 and up): the client's container and resources, its own argument file (its part, part 0's
     * address), the attempt's parts secret and no upload grant — part 0 writes and uploads the result.
     */
    public Job loadPartJob(BenchmarkRun run, int attempt, int part, String node) {
        ResourcePlan plan = ResourcePlan.of(run.getSpec());
        Container loader = new ContainerBuilder(
                        container(run, ROLE_CLIENT, partArgsFile(part), plan.clientCpus(), plan.clientMemory()))
                .addAllToEnv(partsTokenEnv(run, attempt))
                .build();
        Job job = job(run, attempt, RunNames.loadPartJob(run, attempt, part), ROLE_LOAD_PART, node, List.of(), loader);
        labelPart(job, part);
        return job;
    }

    static String partArgsFile(int part) {
        return "part-" + part + ".args";
    }

    private static void labelPart(Job job, int part) {
        String value = String.valueOf(part);
        job.getMetadata().getLabels().put(CrdConstants.LABEL_LOAD_PART, value);
        job.getSpec().getTemplate().getMetadata().getLabels().put(CrdConstants.LABEL_LOAD_PART, value);
    }

    /**
     * The secret an attempt's load pods show each other (random, drawn by the operator, never read back), owned by the
     * argument ConfigMap like the upload grant: load part 0 lets in only a pod that has it.
     */
    public Secret partsTokenSecret(BenchmarkRun run, int attempt, String token, ConfigMap owner) {
        return ownedSecret(meta(run, attempt, RunNames.partsToken(run, attempt), null), PARTS_TOKEN_KEY, token, owner);
    }

    /**
     * Only this attempt's other load pods reach load part 0, on {@link RunnerArgs#PARTS_PORT}. Owned by part 0's Job.
     */
    public NetworkPolicy partsPolicy(BenchmarkRun run, int attempt, Job partZero) {
        var meta = meta(run, attempt, partZero.getMetadata().getName() + "-parts", ROLE_CLIENT);
        meta.setOwnerReferences(List.of(ownedBy(partZero)));
        return ingressOnly(run, attempt, meta, ROLE_CLIENT, List.of(ROLE_LOAD_PART), "TCP", RunnerArgs.PARTS_PORT);
    }

    /**
     * A NetworkPolicy that lets into the attempt's pods of role {@code to}, on one port, only the attempt's pods of the
     * roles {@code from}.
     */
    private static NetworkPolicy ingressOnly(
            BenchmarkRun run, int attempt, ObjectMeta meta, String to, List<String> from, String protocol, int port) {
        String uid = run.getMetadata().getUid();
        String attemptLabel = String.valueOf(attempt);
        var ingress = new NetworkPolicyIngressRuleBuilder()
                .addNewPort()
                .withProtocol(protocol)
                .withPort(new IntOrString(port))
                .endPort();
        for (String role : from) {
            ingress.addNewFrom()
                    .withNewPodSelector()
                    .addToMatchLabels(CrdConstants.LABEL_RUN_UID, uid)
                    .addToMatchLabels(CrdConstants.LABEL_ATTEMPT, attemptLabel)
                    .addToMatchLabels(CrdConstants.LABEL_ROLE, role)
                    .endPodSelector()
                    .endFrom();
        }
        return new NetworkPolicyBuilder()
                .withMetadata(meta)
                .withNewSpec()
                .withNewPodSelector()
                .addToMatchLabels(CrdConstants.LABEL_RUN_UID, uid)
                .addToMatchLabels(CrdConstants.LABEL_ATTEMPT, attemptLabel)
                .addToMatchLabels(CrdConstants.LABEL_ROLE, to)
                .endPodSelector()
                .withPolicyTypes("Ingress")
                .withIngress(ingress.build())
                .endSpec()
                .build();
    }

    private static OwnerReference ownedBy(Job job) {
        return new OwnerReferenceBuilder()
                .withApiVersion("batch/v1")
                .withKind("Job")
                .withName(job.getMetadata().getName())
                .withUid(job.getMetadata().getUid())
                .build();
    }

    private List<EnvVar> partsTokenEnv(BenchmarkRun run, int attempt) {
        return List.of(new EnvVarBuilder()
                .withName(PARTS_TOKEN_ENV)
                .withNewValueFrom()
                .withNewSecretKeyRef()
                .withName(RunNames.partsToken(run, attempt))
                .withKey(PARTS_TOKEN_KEY)
                .endSecretKeyRef()
                .endValueFrom()
                .build());
    }

    /** SameNode / SeparateNodes: the server alone in its pod; it runs until the operator deletes it. */
    public Job serverJob(BenchmarkRun run, int attempt, String node) {
        ResourcePlan plan = ResourcePlan.of(run.getSpec());
        Container server = container(run, ROLE_SERVER, SERVER_ARGS_FILE, plan.serverCpus(), plan.serverMemory());
        return job(run, attempt, RunNames.job(run, attempt) + "-server", ROLE_SERVER, node, List.of(), server);
    }

    /**
     * Two pods: only this attempt's client pod may reach its server pod, on the server's port. Where the CNI enforces
     * NetworkPolicies, the chart's policy closes runner pods to everything else, so no other run's pod reaches this server.
     * Owned by the server Job: it goes with it.
     */
    public NetworkPolicy serverPolicy(BenchmarkRun run, int attempt, Job serverJob) {
        NetworkServer server = TargetProfiles.of(run.getSpec().getTarget()).requireServer();
        var meta = meta(run, attempt, serverJob.getMetadata().getName(), ROLE_SERVER);
        meta.setOwnerReferences(List.of(ownedBy(serverJob)));
        // every load pod sends to the server (load.parallelism above 1)
        return ingressOnly(
                run,
                attempt,
                meta,
                ROLE_SERVER,
                List.of(ROLE_CLIENT, ROLE_LOAD_PART),
                server.protocol(),
                server.port());
    }

    private Job job(
            BenchmarkRun run,
            int attempt,
            String name,
            String role,
            String node,
            List<Container> initContainers,
            Container main) {
        ObjectMeta meta = meta(run, attempt, name, role);
        long deadline = remainingSeconds(run);
        PodSpec pod = new PodSpecBuilder()
                .withRestartPolicy("Never")
                .withAutomountServiceAccountToken(false)
                .withEnableServiceLinks(false)
                .withNewSecurityContext()
                .withRunAsNonRoot(true)
                .withRunAsUser(RUNNER_UID)
                .withRunAsGroup(RUNNER_UID)
                .withFsGroup(RUNNER_UID)
                .withNewSeccompProfile()
                .withType("RuntimeDefault")
                .endSeccompProfile()
                .endSecurityContext()
                // Admitted to one node by the queue: matchFields on the node name, so no node label is assumed.
                .withNewAffinity()
                .withNewNodeAffinity()
                .withNewRequiredDuringSchedulingIgnoredDuringExecution()
                .addNewNodeSelectorTerm()
                .addNewMatchField()
                .withKey("metadata.name")
                .withOperator("In")
                .withValues(node)
                .endMatchField()
                .endNodeSelectorTerm()
                .endRequiredDuringSchedulingIgnoredDuringExecution()
                .endNodeAffinity()
                .endAffinity()
                .withTolerations(tolerations(run))
                .withImagePullSecrets(config.runners().imagePullSecrets().stream()
                        .map(LocalObjectReference::new)
                        .toList())
                .withInitContainers(initContainers)
                .withContainers(main)
                .withVolumes(volumes(run, attempt))
                .withTerminationGracePeriodSeconds(10L)
                .build();
        return new JobBuilder()
                .withMetadata(meta)
                .withNewSpec()
                .withBackoffLimit(0)
                .withActiveDeadlineSeconds(Math.max(deadline, 1))
                .withNewTemplate()
                .withNewMetadata()
                .withLabels(meta.getLabels())
                .withAnnotations(meta.getAnnotations())
                .endMetadata()
                .withSpec(pod)
                .endTemplate()
                .endSpec()
                .build();
    }

    private Container container(BenchmarkRun run, String role, String argsFile, int cpus, String memory) {
        var limits = limits(cpus, memory);
        String image = run.getSpec().getRunner().getImage() != null
                ? run.getSpec().getRunner().getImage()
                : config.runners().image();
        var builder = new ContainerBuilder()
                .withName(role)
                .withImage(image)
                .withImagePullPolicy("IfNotPresent")
                .withArgs("@" + TargetProfile.ARGUMENTS_DIR + "/" + argsFile)
                .withEnv(env(run))
                .withResources(new ResourceRequirementsBuilder()
                        .withRequests(limits)
                        .withLimits(limits)
                        .build())
                .withVolumeMounts(mounts(run))
                .withSecurityContext(containerSecurity());
        if (ROLE_CLIENT.equals(role)) {
            builder.addNewPort()
                    .withName("metrics")
                    .withContainerPort(RunnerArgs.METRICS_PORT)
                    .endPort();
        }
        return builder.build();
    }

    /**
     * Requests equal to limits (Guaranteed, so the static CPU manager pins whole CPUs). No CPUs (a Shared run's client:
     * placement.client.cpus 0): memory alone, so the pod is Burstable and runs on the node's shared CPUs; a CPU limit
     * would throttle the load generator by CFS quota, mid-window.
     */
    private static Map<String, Quantity> limits(int cpus, String memory) {
        return cpus == 0
                ? Map.of("memory", new Quantity(memory))
                : Map.of("cpu", new Quantity(String.valueOf(cpus)), "memory", new Quantity(memory));
    }

    /** Every runner container: no privilege, no capability, nothing written outside its volumes. */
    private static SecurityContext containerSecurity() {
        return new SecurityContextBuilder()
                .withAllowPrivilegeEscalation(false)
                .withReadOnlyRootFilesystem(true)
                .withRunAsNonRoot(true)
                .withNewCapabilities()
                .withDrop("ALL")
                .endCapabilities()
                .build();
    }

    private List<EnvVar> env(BenchmarkRun run) {
        var env = new ArrayList<EnvVar>();
        var runner = run.getSpec().getRunner();
        if (runner.getEnv() != null) {
            for (EnvEntry e : runner.getEnv()) {
                env.add(new EnvVar(e.getName(), e.getValue() == null ? "" : e.getValue(), null));
            }
        }
        if (runner.getJvmOptions() != null && !runner.getJvmOptions().isEmpty()) {
            // Read by the java launcher itself, so it applies with or without the isobench-runner script.
            env.add(new EnvVar("JDK_JAVA_OPTIONS", String.join(" ", runner.getJvmOptions()), null));
        }
        env.add(fieldRef("ISOBENCH_POD_NAME", "metadata.name"));
        env.add(fieldRef("ISOBENCH_POD_NAMESPACE", "metadata.namespace"));
        env.add(fieldRef("ISOBENCH_NODE_NAME", "spec.nodeName"));
        env.add(new EnvVar(
                "ISOBENCH_RUN",
                run.getMetadata().getNamespace() + "/" + run.getMetadata().getName(),
                null));
        return env;
    }

    /**
     * The measuring container's only way into the store: the attempt's upload grant, from its Secret (read by the kubelet,
     * never by the operator). Servers upload nothing and get nothing; no pod ever gets a store key.
     */
    private List<EnvVar> uploadGrantEnv(BenchmarkRun run, int attempt) {
        if (!config.hasStore()) {
            return List.of();
        }
        return List.of(new EnvVarBuilder()
                .withName(UploadGrant.ENV)
                .withNewValueFrom()
                .withNewSecretKeyRef()
                .withName(RunNames.uploadGrant(run, attempt))
                .withKey(GRANT_KEY)
                .endSecretKeyRef()
                .endValueFrom()
                .build());
    }

    private static EnvVar fieldRef(String name, String path) {
        return new EnvVarBuilder()
                .withName(name)
                .withNewValueFrom()
                .withNewFieldRef()
                .withFieldPath(path)
                .endFieldRef()
                .endValueFrom()
                .build();
    }

    private List<VolumeMount> mounts(BenchmarkRun run) {
        var mounts = new ArrayList<VolumeMount>();
        mounts.add(new VolumeMountBuilder()
                .withMountPath(TargetProfile.ARGUMENTS_DIR)
                .withName("args")
                .withReadOnly(true)
                .build());
        mounts.add(new VolumeMountBuilder()
                .withMountPath("/results")
                .withName("results")
                .withReadOnly(false)
                .build());
        mounts.add(new VolumeMountBuilder()
                .withMountPath("/tmp")
                .withName("tmp")
                .withReadOnly(false)
                .build());
        TargetProfiles.of(run.getSpec().getTarget())
                .memoryVolume()
                .ifPresent(v -> mounts.add(new VolumeMountBuilder()
                        .withMountPath(v.mountPath())
                        .withName(v.name())
                        .withReadOnly(false)
                        .build()));
        return mounts;
    }

    private List<Volume> volumes(BenchmarkRun run, int attempt) {
        var volumes = new ArrayList<Volume>();
        volumes.add(new VolumeBuilder()
                .withName("args")
                .withNewConfigMap()
                .withName(RunNames.args(run, attempt))
                .endConfigMap()
                .build());
        volumes.add(new VolumeBuilder()
                .withName("results")
                .withNewEmptyDir()
                .endEmptyDir()
                .build());
        volumes.add(new VolumeBuilder()
                .withName("tmp")
                .withNewEmptyDir()
                .endEmptyDir()
                .build());
        TargetProfiles.of(run.getSpec().getTarget())
                .memoryVolume()
                .ifPresent(v -> volumes.add(new VolumeBuilder()
                        .withName(v.name())
                        .withNewEmptyDir()
                        .withMedium("Memory")
                        .withSizeLimit(new Quantity(v.sizeLimit()))
                        .endEmptyDir()
                        .build()));
        return volumes;
    }

    private List<Toleration> tolerations(BenchmarkRun run) {
        var tolerations = new ArrayList<Toleration>();
        tolerations.add(new TolerationBuilder()
                .withKey(config.runners().dedicatedTaint())
                .withOperator("Exists")
                .withEffect("NoSchedule")
                .build());
        if (run.getSpec().getPlacement().getTolerations() != null) {
            for (RunnerToleration t : run.getSpec().getPlacement().getTolerations()) {
                tolerations.add(new TolerationBuilder()
                        .withKey(t.getKey())
                        .withValue(t.getValue())
                        .withOperator(
                                t.getOperator() == null ? null : t.getOperator().name())
                        .withEffect(t.getEffect() == null ? null : t.getEffect().name())
                        .withTolerationSeconds(t.getTolerationSeconds())
                        .build());
            }
        }
        return tolerations;
    }

    private ObjectMeta meta(BenchmarkRun run, int attempt, String name, String role) {
        var labels = runLabels(run);
        labels.put(CrdConstants.LABEL_ATTEMPT, String.valueOf(attempt));
        if (role != null) {
            labels.put(CrdConstants.LABEL_ROLE, role);
        }
        return new ObjectMetaBuilder()
                .withName(name)
                .withNamespace(config.runners().namespace())
                .withLabels(labels)
                .withAnnotations(Map.of(
                        CrdConstants.ANNOTATION_RUN_NAME,
                        run.getMetadata().getName(),
                        CrdConstants.ANNOTATION_RUN_NAMESPACE,
                        run.getMetadata().getNamespace()))
                .build();
    }

    /** The Job may not outlive the run's own timeout (counted from the run's creation). */
    private static long remainingSeconds(BenchmarkRun run) {
        return Duration.between(Instant.now(), RunDeadline.of(run)).toSeconds();
    }
}
