package io.isobench.operator.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceColumnDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The committed CRD copies (crds/, and the chart's crds/ once it exists) must equal the CRD generated from
 * this module's classes. Run {@code make crds} to refresh them after changing the model.
 */
class CrdDriftTest {

    static final String FILE = CrdConstants.CRD_NAME + "-v1.yml";
    /** kubectl shows columns in this order; the generator sorts them by JSON path, so the export puts them back. */
    static final List<String> COLUMN_ORDER = List.of("Phase", "Target", "Node", "P50", "P99", "Regressed", "Age");

    static Path repoRoot() {
        return Path.of(System.getProperty("isobench.repo.root", "../.."));
    }

    /** The generator's output with the printer columns in {@link #COLUMN_ORDER}, serialised canonically. */
    static String exported() throws IOException {
        Path generated = Path.of("target/classes/META-INF/fabric8/" + FILE);
        CustomResourceDefinition crd =
                Serialization.unmarshal(Files.readString(generated), CustomResourceDefinition.class);
        crd.getSpec().getVersions().forEach(v -> {
            List<CustomResourceColumnDefinition> columns = new java.util.ArrayList<>(v.getAdditionalPrinterColumns());
            columns.sort(Comparator.comparingInt(c -> COLUMN_ORDER.indexOf(c.getName())));
            v.setAdditionalPrinterColumns(columns);
        });
        return "# Generated from operator/api (BenchmarkRun and friends) by crd-generator-maven-plugin; do not edit.\n"
                + "# Refresh with: make crds\n" + Serialization.asYaml(crd);
    }

    static List<Path> committedCopies() {
        Path root = repoRoot();
        List<Path> copies =
                new java.util.ArrayList<>(List.of(root.resolve("crds").resolve(FILE)));
        Path chart = root.resolve("charts/isobench/crds");
        if (Files.isDirectory(chart)) {
            copies.add(chart.resolve(FILE));
        }
        return copies;
    }

    @Test
    void committedCrdsMatchTheJavaModel() throws IOException {
        String expected = exported();
        assertThat(expected).contains("name: \"Phase\"");
        for (Path copy : committedCopies()) {
            if (Boolean.getBoolean("isobench.crd.update")) {
                Files.createDirectories(copy.getParent());
                Files.writeString(copy, expected);
            }
            assertThat(copy).as("%s exists (run `make crds`)", copy).exists();
            assertThat(Files.readString(copy))
                    .as(
                            "%s has drifted from the CRD generated from operator/api: run `make crds` and commit the result",
                            copy)
                    .isEqualTo(expected);
        }
    }

    @Test
    void printerColumnsComeInTheOrderUsersRead() throws IOException {
        CustomResourceDefinition crd = Serialization.unmarshal(exported(), CustomResourceDefinition.class);
        assertThat(crd.getSpec().getVersions().getFirst().getAdditionalPrinterColumns())
                .extracting(CustomResourceColumnDefinition::getName)
                .containsExactlyElementsOf(COLUMN_ORDER);
    }
}
