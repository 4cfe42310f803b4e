package io.isobench.operator.workload;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.isobench.operator.api.BenchmarkRunSpec;
import io.isobench.operator.api.TargetSpec;
import io.isobench.operator.api.VariantSpec;
import io.isobench.operator.api.targets.TargetProfile;
import io.isobench.operator.api.targets.TargetProfiles;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * spec.variants as the runner's {@code --variant NAME=ARGS}: each variant's ARGS are the runner options its target
 * options change (the run's target with the variant's values over it, through the target's own profile, so a variant
 * says messageBytes where the runner says --message-bytes) and its JVM options as {@code --jvm-option=}. What the runner
 * could not be given so — an option the target does not have, a value it cannot take, a value with whitespace, a change
 * to a file the runner reads or to a repeated option — is refused naming the variant's field. A variant's image is its
 * {@code --installation=}: the folder its init container copies that image's runner to ({@link VariantImages}).
 */
public final class VariantArgs {

    private static final ObjectMapper STRICT = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private VariantArgs() {}

    /** A variant the runner cannot be given as written: {@code field} is where in the spec. */
    public static final class InvalidVariantException extends IllegalArgumentException {
        private final String field;

        InvalidVariantException(String field, String message) {
            super(field + ": " + message);
            this.field = field;
        }

        public String field() {
            return field;
        }
    }

    /** The runner's {@code --variant} arguments for the spec's variants, in order; empty without variants. */
    public static List<String> of(BenchmarkRunSpec spec) {
        List<VariantSpec> variants = spec.getVariants();
        if (variants == null || variants.isEmpty()) {
            return List.of();
        }
        TargetProfile base = TargetProfiles.of(spec.getTarget());
        Map<String, List<String>> baseOptions = byOption(base.clientOptions());
        List<String> args = new ArrayList<>();
        for (int i = 0; i < variants.size(); i++) {
            VariantSpec variant = variants.get(i);
            String at = "spec.variants[" + i + "]";
            List<String> words = new ArrayList<>();
            if (variant.getOptions() != null && !variant.getOptions().isEmpty()) {
                for (var option : variant.getOptions().entrySet()) {
                    // each one must reach the runner's command: a server's option (its port) would change nothing here
                    String field = at + ".options." + option.getKey();
                    TargetProfile alone = TargetProfiles.of(
                            overlay(spec.getTarget(), Map.of(option.getKey(), option.getValue()), at + ".options"));
                    if (byOption(alone.clientOptions()).equals(baseOptions)
                            && alone.clientFiles().equals(base.clientFiles())) {
                        throw new InvalidVariantException(
                                field,
                                "'" + option.getValue() + "' changes nothing the runner's load generator takes (the run"
                                        + " has it already, or it is the server's, which keeps the run's)");
                    }
                }
                TargetProfile own = TargetProfiles.of(overlay(spec.getTarget(), variant.getOptions(), at + ".options"));
                if (!own.clientFiles().equals(base.clientFiles())) {
                    throw new InvalidVariantException(
                            at + ".options",
                            "changes a file the runner reads (a body or a CA): a variant cannot; run it as a run of its own");
                }
                Map<String, List<String>> ownOptions = byOption(own.clientOptions());
                for (var option : ownOptions.entrySet()) {
                    if (Objects.equals(option.getValue(), baseOptions.get(option.getKey()))) {
                        continue;
                    }
                    if (option.getValue().stream()
                                    .filter(option.getKey()::equals)
                                    .count()
                            > 1) {
                        throw new InvalidVariantException(
                                at + ".options",
                                "changes " + option.getKey()
                                        + ", which the runner takes several times: a variant cannot");
                    }
                    words.addAll(option.getValue());
                }
            }
            if (variant.getJvmOptions() != null) {
                variant.getJvmOptions().forEach(o -> words.add("--jvm-option=" + o));
            }
            if (variant.getImage() != null) {
                words.add("--installation=" + VariantImages.installation(spec, variant.getImage()));
            }
            for (String word : words) {
                if (word.isEmpty() || word.chars().anyMatch(Character::isWhitespace)) {
                    throw new InvalidVariantException(
                            at + ".options",
                            "gives the runner '" + word
                                    + "', which holds whitespace or nothing: a variant's options are"
                                    + " one line of words");
                }
            }
            args.addAll(List.of("--variant", variant.getName() + "=" + String.join(" ", words)));
        }
        return args;
    }

    /** The run's target with {@code options} over the fields of its one target kind. */
    private static TargetSpec overlay(TargetSpec target, Map<String, String> options, String at) {
        ObjectNode tree = STRICT.valueToTree(target);
        String kind = tree.fieldNames().next();
        ObjectNode own = (ObjectNode) tree.get(kind);
        options.forEach(own::put);
        try {
            return STRICT.treeToValue(tree, TargetSpec.class);
        } catch (UnrecognizedPropertyException e) {
            throw new InvalidVariantException(
                    at + "." + e.getPropertyName(),
                    "the " + kind + " target has no such option (its options: " + e.getKnownPropertyIds() + ")");
        } catch (JsonMappingException e) {
            String field =
                    e.getPath().isEmpty() ? "" : "." + e.getPath().getLast().getFieldName();
            throw new InvalidVariantException(
                    at + field,
                    "'" + options.get(field.isEmpty() ? "" : field.substring(1)) + "' is not a value the " + kind
                            + " target takes there");
        } catch (JsonProcessingException e) {
            throw new InvalidVariantException(at, e.getOriginalMessage());
        }
    }

    /** Runner options by name, each with its words (the name and its values), in order; a repeated name keeps all. */
    private static Map<String, List<String>> byOption(List<String> tokens) {
        Map<String, List<String>> options = new LinkedHashMap<>();
        List<String> current = null;
        for (String token : tokens) {
            if (token.startsWith("--")) {
                String name = token.contains("=") ? token.substring(0, token.indexOf('=')) : token;
                current = options.computeIfAbsent(name, n -> new ArrayList<>());
                current.add(token);
            } else if (current != null) {
                current.add(token);
            }
        }
        return options;
    }
}
