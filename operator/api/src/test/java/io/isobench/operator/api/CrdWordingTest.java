package io.isobench.operator.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What {@code kubectl explain} and docs/crd-reference.md show a user names the published write-up a default comes from
 * (MockServer's performance page, the jauntsdn RSocket write-up…), never the project's own word for them, "seed".
 */
class CrdWordingTest {

    static final Pattern PROJECT_JARGON = Pattern.compile("\\bseeds?\\b", Pattern.CASE_INSENSITIVE);

    static List<String> jargonLines(String crd) {
        return crd.lines()
                .filter(line -> PROJECT_JARGON.matcher(line).find())
                .map(String::strip)
                .toList();
    }

    @Test
    void descriptionsAndRuleMessagesNameTheWriteUpNotASeed() throws IOException {
        assertThat(jargonLines(CrdDriftTest.exported()))
                .as("CRD lines that say 'seed' (name the write-up instead)")
                .isEmpty();
    }

    @Test
    void theCheckFindsTheWordWhereverItStands() {
        assertThat(jargonLines(
                        "description: \"Port (the seed used 1080).\"\nx: \"The seeds' tables\"\ny: \"seeded, Seed\""))
                .containsExactly(
                        "description: \"Port (the seed used 1080).\"",
                        "x: \"The seeds' tables\"",
                        "y: \"seeded, Seed\"");
        assertThat(jargonLines("description: \"Port MockServer listens on.\"")).isEmpty();
    }
}
