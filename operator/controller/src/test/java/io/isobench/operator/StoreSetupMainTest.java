package io.isobench.operator;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** setup-store's settings and its bounded wait (what it does to a real MinIO: StoreAccessIT, OperatorIT). */
class StoreSetupMainTest {

    @Test
    void missingSettingsAreNamedAndNothingIsTried() throws Exception {
        var err =
                captureErr(() -> assertThat(StoreSetupMain.run(Map.of("ISOBENCH_STORE_ENDPOINT", "http://127.0.0.1:9")))
                        .isEqualTo(2));
        assertThat(err)
                .contains(
                        "not set: ISOBENCH_STORE_ADMIN_ACCESS_KEY, ISOBENCH_STORE_ADMIN_SECRET_KEY, ISOBENCH_STORE_ACCESS_KEY, "
                                + "ISOBENCH_STORE_SECRET_KEY");
    }

    @Test
    void anUnreachableStoreIsWaitedForUntilTheDeadlineAndNoKeyIsPrinted() throws Exception {
        var env = Map.of(
                "ISOBENCH_STORE_ENDPOINT",
                "http://127.0.0.1:9",
                "ISOBENCH_STORE_ADMIN_ACCESS_KEY",
                "root-user",
                "ISOBENCH_STORE_ADMIN_SECRET_KEY",
                "root-secret-value",
                "ISOBENCH_STORE_ACCESS_KEY",
                "isobench-operator",
                "ISOBENCH_STORE_SECRET_KEY",
                "operator-secret-value",
                "ISOBENCH_SETUP_DEADLINE",
                "1s");
        var err = captureErr(() -> assertThat(StoreSetupMain.run(env)).isEqualTo(1));
        assertThat(err)
                .contains("cannot reach http://127.0.0.1:9")
                .doesNotContain("root-secret-value")
                .doesNotContain("operator-secret-value")
                .doesNotContain("root-user");
    }

    interface Body {
        void run() throws Exception;
    }

    private static String captureErr(Body body) throws Exception {
        PrintStream old = System.err;
        var bytes = new ByteArrayOutputStream();
        System.setErr(new PrintStream(bytes, true));
        try {
            body.run();
        } finally {
            System.setErr(old);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
