package io.isobench.operator;

import io.isobench.store.ObjectStoreException;
import io.isobench.store.StoreConfig;
import io.isobench.store.access.StoreSetup;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Locale;
import java.util.Map;

/**
 * {@code setup-store}: what the chart's set-up job runs (the operator image, another entry point) — with the admin (MinIO
 * root) credential, which the operator itself never gets, it makes the bucket, the operator's policy and its user
 * ({@link StoreSetup}). Waits for a store that is still starting, up to ISOBENCH_SETUP_DEADLINE (default 5m).
 * Settings from the environment; keys are never printed.
 */
final class StoreSetupMain {

    static final String ADMIN_ACCESS_KEY = "ISOBENCH_STORE_ADMIN_ACCESS_KEY";
    static final String ADMIN_SECRET_KEY = "ISOBENCH_STORE_ADMIN_SECRET_KEY";

    private StoreSetupMain() {}

    static int run(Map<String, String> env) throws InterruptedException {
        var missing = new ArrayList<String>();
        for (String name : new String[] {
            "ISOBENCH_STORE_ENDPOINT",
            ADMIN_ACCESS_KEY,
            ADMIN_SECRET_KEY,
            "ISOBENCH_STORE_ACCESS_KEY",
            "ISOBENCH_STORE_SECRET_KEY"
        }) {
            if (env.get(name) == null || env.get(name).isBlank()) {
                missing.add(name);
            }
        }
        if (!missing.isEmpty()) {
            System.err.println("setup-store: not set: " + String.join(", ", missing));
            return 2;
        }
        StoreConfig admin;
        Duration deadline;
        try {
            admin = new StoreConfig(
                    StoreConfig.parseEndpoint(env.get("ISOBENCH_STORE_ENDPOINT")),
                    env.getOrDefault("ISOBENCH_STORE_BUCKET", "isobench"),
                    env.get(ADMIN_ACCESS_KEY),
                    env.get(ADMIN_SECRET_KEY),
                    null);
            deadline = Duration.parse(
                    "PT" + env.getOrDefault("ISOBENCH_SETUP_DEADLINE", "5m").toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | DateTimeParseException e) {
            System.err.println("setup-store: " + e.getMessage());
            return 2;
        }
        Instant giveUp = Instant.now().plus(deadline);
        while (true) {
            try {
                StoreSetup.apply(admin, env.get("ISOBENCH_STORE_ACCESS_KEY"), env.get("ISOBENCH_STORE_SECRET_KEY"));
                System.err.println("setup-store: bucket " + admin.bucket()
                        + ", policy isobench-operator and the operator's user are in place at "
                        + admin.endpoint());
                return 0;
            } catch (ObjectStoreException e) {
                if (!e.retryable() || Instant.now().isAfter(giveUp)) {
                    System.err.println("setup-store: " + e.getMessage());
                    return 1;
                }
                System.err.println("setup-store: store not ready (" + e.getMessage() + "); retrying in 2 s");
                Thread.sleep(2000);
            } catch (IllegalArgumentException e) {
                System.err.println("setup-store: " + e.getMessage());
                return 2;
            }
        }
    }
}
