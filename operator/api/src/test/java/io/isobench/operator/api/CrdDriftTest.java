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
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The committed CRD copies (crds/, and the chart's crds/ once it exists) must equal the CRD generated from
 * this module's classes. Run {@code make crds} to refresh them after changing the model.
 */
class CrdDriftTest {

    static final String FILE = CrdConstants.CRD_NAME + "-v1.yml";
    static final String SCHEDULE_FILE = CrdConstants.SCHEDULE_CRD_NAME + "-v1.yml";
    /** kubectl shows columns in this order; the generator sorts them by JSON path, so the export puts them back. */
    static final List<String> COLUMN_ORDER = List.of("Phase", "Target", "Node", "P50", "P99", "Regressed", "Age");

    static final List<String> SCHEDULE_COLUMN_ORDER =
            List.of("Schedule", "Suspend", "Last Run", "Last Verdict", "Next Run", "Age");
    /** Every CRD this module generates, with the order of its printer columns. */
    static final Map<String, List<String>> CRDS = Map.of(FILE, COLUMN_ORDER, SCHEDULE_FILE, SCHEDULE_COLUMN_ORDER);

    static Path repoRoot() {
        return Path.of(System.getProperty("isobench.repo.root", "../.."));
    }

    /** The BenchmarkRun CRD as exported. */
    static String exported() throws IOException {
        return exported(FILE);
    }

    /** The generator's output with the printer columns in the order {@link #CRDS} gives, serialised canonically. */
    static String exported(String file) throws IOException {
        List<String> order = CRDS.get(file);
        Path generated = Path.of("target/classes/META-INF/fabric8/" + file);
        CustomResourceDefinition crd =
                Serialization.unmarshal(Files.readString(generated), CustomResourceDefinition.class);
        crd.getSpec().getVersions().forEach(v -> {
            List<CustomResourceColumnDefinition> columns = new java.util.ArrayList<>(v.getAdditionalPrinterColumns());
            columns.sort(Comparator.comparingInt(c -> order.indexOf(c.getName())));
            v.setAdditionalPrinterColumns(columns);
        });
        return "# Generated from operator/api (" + crd.getSpec().getNames().getKind()
                + " and friends) by crd-generator-maven-plugin; do not edit.\n" + "# Refresh with: make crds\n"
                + Serialization.asYaml(crd);
    }

    static List<Path> committedCopies(String file) {
        Path root = repoRoot();
        List<Path> copies =
                new java.util.ArrayList<>(List.of(root.resolve("crds").resolve(file)));
        Path chart = root.resolve("charts/isobench/crds");
        if (Files.isDirectory(chart)) {
            copies.add(chart.resolve(file));
        }
        return copies;
    }

    @ParameterizedTest
    @ValueSource(strings = {FILE, SCHEDULE_FILE})
    void committedCrdsMatchTheJavaModel(String file) throws IOException {
        String expected = exported(file);
        assertThat(expected).contains("name: \"Age\"");
        for (Path copy : committedCopies(file)) {
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

    @ParameterizedTest
    @ValueSource(strings = {FILE, SCHEDULE_FILE})
    void printerColumnsComeInTheOrderUsersRead(String file) throws IOException {
        CustomResourceDefinition crd = Serialization.unmarshal(exported(file), CustomResourceDefinition.class);
        assertThat(crd.getSpec().getVersions().getFirst().getAdditionalPrinterColumns())
                .extracting(CustomResourceColumnDefinition::getName)
                .containsExactlyElementsOf(CRDS.get(file));
    }
}
