package io.isobench.runner.parts;

import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The secret the parts of one run share: the coordinator lets in only a part that presents it, so where nothing else
 * keeps other pods from its port (a network without NetworkPolicies) no one else's process becomes a part of the run.
 */
public final class PartToken {

    /** Where every part finds it; the operator puts one per attempt in a Secret, a local run draws its own. */
    public static final String ENV = "ISOBENCH_PARTS_TOKEN";

    private static final int BYTES = 32;

    private PartToken() {}

    /** A fresh secret (256 random bits, hex). */
    public static String draw() {
        byte[] bytes = new byte[BYTES];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
