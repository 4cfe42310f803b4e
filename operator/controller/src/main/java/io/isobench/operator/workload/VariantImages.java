package io.isobench.operator.workload;

import io.isobench.operator.api.BenchmarkRunSpec;
import io.isobench.operator.api.VariantSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * spec.variants[].image: each image named is copied, once, by an init container of the client's pod running it
 * ({@code isobench-runner installation --copy-to}) into a folder of the pod's variants volume, named after the first
 * variant that names it; the runner starts those variants' JVMs from there ({@code --installation=DIR}), so a
 * variant of another image runs on the client's CPUs, interleaved with the others.
 */
final class VariantImages {

    static final String VOLUME = "variants";

    static final String MOUNT_PATH = "/variants";

    /** Room for one image's runtime and jars (a runner image's are about 170 MB; a plugin may bring more). */
    static final int MIB_PER_IMAGE = 1024;

    private VariantImages() {}

    /** Each image the variants name, with the folder its copy goes to, in the order the variants first name them. */
    static Map<String, String> of(BenchmarkRunSpec spec) {
        List<VariantSpec> variants = spec.getVariants() == null ? List.of() : spec.getVariants();
        Map<String, String> folders = new LinkedHashMap<>();
        for (VariantSpec variant : variants) {
            if (variant.getImage() != null) {
                folders.putIfAbsent(variant.getImage(), variant.getName());
            }
        }
        return folders;
    }

    /** The variants volume's size limit for {@code images} images. */
    static String sizeLimit(int images) {
        return images * MIB_PER_IMAGE + "Mi";
    }

    /** Where the copy of {@code image} is, as the client's runner reads it. */
    static String installation(BenchmarkRunSpec spec, String image) {
        return MOUNT_PATH + "/" + of(spec).get(image);
    }
}
