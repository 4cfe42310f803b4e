package io.isobench.operator.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import io.fabric8.kubernetes.api.model.apiextensions.v1.ValidationRule;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * docs/crd-reference.md is generated from the CRD (so from the Java model): every field with its type, default,
 * bounds and description, and every CEL rule with the message the API server answers. The build fails when the
 * committed page drifts; {@code make crds} refreshes it.
 */
class CrdReferenceDocTest {

    static Path page() {
        return CrdDriftTest.repoRoot().resolve("docs").resolve("crd-reference.md");
    }

    @Test
    void theCommittedReferenceMatchesTheCrd() throws IOException {
        CustomResourceDefinition run = Serialization.unmarshal(CrdDriftTest.exported(), CustomResourceDefinition.class);
        CustomResourceDefinition schedule = Serialization.unmarshal(
                CrdDriftTest.exported(CrdDriftTest.SCHEDULE_FILE), CustomResourceDefinition.class);
        // the template's spec is a BenchmarkRun spec, described once above it
        String expected = render(run, Set.of()) + "\n" + render(schedule, Set.of("spec.runTemplate.spec"));
        if (Boolean.getBoolean("isobench.crd.update")) {
            Files.writeString(page(), expected);
        }
        assertThat(Files.readString(page()))
                .as("docs/crd-reference.md has drifted from the CRD: run `make crds`")
                .isEqualTo(expected);
    }

    /** The page's part for one CRD; the fields under {@code described} are listed, not what they hold. */
    static String render(CustomResourceDefinition crd, Set<String> described) {
        var version = crd.getSpec().getVersions().getFirst();
        var out = new StringBuilder();
        out.append("# ")
                .append(crd.getSpec().getNames().getKind())
                .append(" reference (`")
                .append(crd.getSpec().getGroup())
                .append('/')
                .append(version.getName())
                .append("`)\n\n")
                .append(
                        "Generated from the CRD (`crds/`), which is generated from `operator/api`; do not edit — run `make crds`.\n")
                .append("Short name `")
                .append(String.join("`, `", crd.getSpec().getNames().getShortNames()))
                .append("`. `kubectl get ")
                .append(crd.getSpec().getNames().getShortNames().getFirst())
                .append("` columns: ");
        out.append(String.join(
                        ", ",
                        version.getAdditionalPrinterColumns().stream()
                                .map(c -> c.getName())
                                .toList()))
                .append(".\n");
        JSONSchemaProps root = version.getSchema().getOpenAPIV3Schema();
        if (root.getXKubernetesValidations() != null) {
            // rules on the whole object: the run's immutable spec, the schedule's name
            out.append("\nRules on the whole object (CEL), with the message the API server answers:\n\n");
            root.getXKubernetesValidations()
                    .forEach(rule -> out.append("- `")
                            .append(rule.getFieldPath() == null ? "." : rule.getFieldPath())
                            .append("`: ")
                            .append(rule.getMessage())
                            .append('\n'));
        }
        for (String part : List.of("spec", "status")) {
            out.append("\n## ").append(part).append("\n\n");
            JSONSchemaProps schema = root.getProperties().get(part);
            rules(out, "." + part, schema, described);
            var rows = new ArrayList<String>();
            fields(rows, part, schema, described);
            out.append("| field | type | default | constraints | description |\n|---|---|---|---|---|\n");
            rows.forEach(out::append);
        }
        return out.toString();
    }

    private static void fields(List<String> rows, String path, JSONSchemaProps schema, Set<String> described) {
        if (schema.getProperties() == null) {
            return;
        }
        for (Map.Entry<String, JSONSchemaProps> e : schema.getProperties().entrySet()) {
            String field = path + "." + e.getKey();
            JSONSchemaProps p = e.getValue();
            boolean required =
                    schema.getRequired() != null && schema.getRequired().contains(e.getKey());
            rows.add("| `" + field + "`" + (required ? " (required)" : "") + " | " + type(p) + " | "
                    + (p.getDefault() == null ? "" : "`" + cell(p.getDefault().toString()) + "`") + " | "
                    + cell(constraints(p)) + " | " + cell(p.getDescription() == null ? "" : p.getDescription())
                    + " |\n");
            JSONSchemaProps nested = "array".equals(p.getType()) && p.getItems() != null
                    ? p.getItems().getSchema()
                    : p;
            if (nested != null
                    && nested.getProperties() != null
                    && !field.endsWith(".conditions")
                    && !described.contains(field)) {
                fields(rows, field + ("array".equals(p.getType()) ? "[]" : ""), nested, described);
            }
        }
    }

    private static void rules(StringBuilder out, String path, JSONSchemaProps schema, Set<String> described) {
        var lines = new ArrayList<String>();
        collectRules(lines, path, schema, described);
        if (!lines.isEmpty()) {
            out.append("Cross-field rules the API server enforces (CEL), with the message it answers:\n\n");
            lines.forEach(out::append);
            out.append('\n');
        }
    }

    private static void collectRules(List<String> lines, String path, JSONSchemaProps schema, Set<String> described) {
        if (described.contains(path.substring(1))) {
            return;
        }
        if (schema.getXKubernetesValidations() != null) {
            for (ValidationRule rule : schema.getXKubernetesValidations()) {
                String at = rule.getFieldPath() != null ? path + rule.getFieldPath() : path;
                lines.add("- `" + at + "`: " + rule.getMessage() + "\n");
            }
        }
        if (schema.getProperties() != null) {
            schema.getProperties().forEach((k, v) -> collectRules(lines, path + "." + k, v, described));
        }
        if (schema.getItems() != null && schema.getItems().getSchema() != null) {
            collectRules(lines, path + "[]", schema.getItems().getSchema(), described);
        }
    }

    private static String type(JSONSchemaProps p) {
        if ("array".equals(p.getType()) && p.getItems() != null && p.getItems().getSchema() != null) {
            return type(p.getItems().getSchema()) + "[]";
        }
        if ("object".equals(p.getType())
                && p.getAdditionalProperties() != null
                && p.getAdditionalProperties().getSchema() != null) {
            return "map[string]" + type(p.getAdditionalProperties().getSchema());
        }
        return p.getType() == null ? "any" : p.getType();
    }

    private static String constraints(JSONSchemaProps p) {
        var parts = new ArrayList<String>();
        if (p.getEnum() != null && !p.getEnum().isEmpty()) {
            parts.add("one of "
                    + String.join(
                            ", ",
                            p.getEnum().stream()
                                    .map(v -> v.toString().replace("\"", ""))
                                    .toList()));
        }
        if (p.getItems() != null
                && p.getItems().getSchema() != null
                && p.getItems().getSchema().getEnum() != null
                && !p.getItems().getSchema().getEnum().isEmpty()) {
            parts.add("each one of "
                    + String.join(
                            ", ",
                            p.getItems().getSchema().getEnum().stream()
                                    .map(v -> v.toString().replace("\"", ""))
                                    .toList()));
        }
        if (p.getMinimum() != null) {
            parts.add("≥ " + number(p.getMinimum()));
        }
        if (p.getMaximum() != null) {
            parts.add("≤ " + number(p.getMaximum()));
        }
        if (p.getMinItems() != null) {
            parts.add("at least " + p.getMinItems() + " items");
        }
        if (p.getMaxItems() != null) {
            parts.add("at most " + p.getMaxItems() + " items");
        }
        JSONSchemaProps items = p.getItems() == null ? null : p.getItems().getSchema();
        if (items != null && items.getMaxLength() != null) {
            parts.add("each at most " + items.getMaxLength() + " characters");
        }
        if (p.getMaxLength() != null) {
            parts.add("at most " + p.getMaxLength() + " characters");
        }
        if (p.getPattern() != null) {
            parts.add("matches `" + p.getPattern() + "`");
        }
        return String.join("; ", parts);
    }

    private static String number(Number n) {
        return new java.math.BigDecimal(n.toString()).stripTrailingZeros().toPlainString();
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
