package io.isobench.operator.api;

/** The memory quantity syntax accepted in specs (a subset of Kubernetes quantities: no exponents, no milli). */
public final class Quantities {

    public static final String MEMORY_PATTERN = "^[0-9]+(Ki|Mi|Gi|Ti|k|M|G|T)?$";

    private Quantities() {}
}
