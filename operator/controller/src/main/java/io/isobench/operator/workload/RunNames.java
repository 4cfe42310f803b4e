package io.isobench.operator.workload;

import io.isobench.operator.api.BenchmarkRun;
import io.isobench.store.BucketLayout;
import io.isobench.store.RunKey;
import java.util.Locale;

/**
 * Names of what one attempt of a run creates. Kubernetes limits a Job name to 63 characters (it becomes a
 * pod label), while a BenchmarkRun name may be 253, so names are a readable prefix plus the run's uid.
 */
public final class RunNames {

    private RunNames() {}

    /** {@code <name, ≤ 40 chars>-<uid, 8 hex>-a<attempt>}; unique per run and attempt. */
    public static String job(BenchmarkRun run, int attempt) {
        String name = run.getMetadata().getName().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "-");
        if (name.length() > 40) {
            name = name.substring(0, 40);
        }
        name = name.replaceAll("-+$", "");
        String uid = run.getMetadata().getUid().replace("-", "");
        return name + "-" + uid.substring(0, Math.min(8, uid.length())) + "-a" + attempt;
    }

    /** The ConfigMap holding the runner's argument file(s). */
    public static String args(BenchmarkRun run, int attempt) {
        return job(run, attempt) + "-args";
    }

    /** The Secret holding the attempt's upload grant (referenced by the runner container only). */
    public static String uploadGrant(BenchmarkRun run, int attempt) {
        return job(run, attempt) + "-upload";
    }

    /** Load pod {@code part} (1 and up) of an attempt with load.parallelism above 1; part 0 is {@link #job}. */
    public static String loadPartJob(BenchmarkRun run, int attempt, int part) {
        return job(run, attempt) + "-part-" + part;
    }

    /** The Secret holding the secret an attempt's load pods show each other (load.parallelism above 1). */
    public static String partsToken(BenchmarkRun run, int attempt) {
        return job(run, attempt) + "-parts";
    }

    /** The run's key in the object store: {@code <namespace>/<name>/<uid>}. */
    public static RunKey key(BenchmarkRun run) {
        return new RunKey(
                run.getMetadata().getNamespace(),
                run.getMetadata().getName(),
                run.getMetadata().getUid());
    }

    /** Object-store prefix of the whole run: {@code runs/<namespace>/<name>/<uid>/}. */
    public static String runPrefix(BenchmarkRun run) {
        return BucketLayout.runPrefix(key(run));
    }

    /** Where one role of one attempt uploads its run directory. */
    public static String attemptPrefix(BenchmarkRun run, int attempt, String role) {
        return BucketLayout.attemptPrefix(key(run), attempt, role);
    }
}
