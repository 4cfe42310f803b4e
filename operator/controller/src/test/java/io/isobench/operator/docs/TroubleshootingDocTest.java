package io.isobench.operator.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.operator.stepcontract.FailureReason;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** docs/troubleshooting.md lists every reason a run fails with (the {@link FailureReason} enum), what it means and what to do. */
class TroubleshootingDocTest {

    private static final String RETRIED =
            " The attempt is retried as a new Job while `spec.retries` allows; the run fails with this reason"
                    + " after the last.";

    @Test
    void everyFailureReasonIsOnTheTroubleshootingPageWithWhatToDo() throws IOException {
        GeneratedDocs.assertBlock("docs/troubleshooting.md", "failure-reasons", render());
    }

    @Test
    void everyReasonIsOneTheOperatorReallyFailsRunsWith() throws IOException {
        Path main = GeneratedDocs.repoRoot().resolve("operator/controller/src/main/java");
        String code;
        try (Stream<Path> files = Files.walk(main)) {
            code = files.filter(p -> p.toString().endsWith(".java") && !p.endsWith("FailureReason.java"))
                    .map(p -> {
                        try {
                            return Files.readString(p);
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    })
                    .reduce("", String::concat);
        }
        for (FailureReason reason : FailureReason.values()) {
            assertThat(code)
                    .as("FailureReason." + reason
                            + " is used by the operator (else it documents a failure that never happens)")
                    .containsPattern("FailureReason\\." + reason.name() + "\\b");
        }
    }

    static String render() {
        var out = new StringBuilder();
        for (FailureReason reason : FailureReason.values()) {
            out.append("### `")
                    .append(reason.name())
                    .append("`\n\n")
                    .append(reason.meaning())
                    .append(reason.retried() ? RETRIED : "")
                    .append("\n\n**What to do:** ")
                    .append(reason.remedy())
                    .append("\n\n");
        }
        return out.toString();
    }
}
