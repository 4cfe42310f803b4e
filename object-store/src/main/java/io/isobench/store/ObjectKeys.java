package io.isobench.store;

import java.util.regex.Pattern;

/**
 * The one rule for object keys and for the relative paths a result.json names: both become object keys
 * and file paths, so neither may climb out of its prefix or folder.
 */
public final class ObjectKeys {

    /** Characters S3, MinIO, file systems and URLs all take without escaping. */
    private static final Pattern SEGMENT = Pattern.compile("[A-Za-z0-9._~@+=,-]+");

    private static final int MAX_KEY_BYTES = 1024;

    private ObjectKeys() {}

    /**
     * Returns {@code path} when it is a relative, '/'-separated path of safe segments (no empty, '.' or
     * '..' segment, no backslash or control character); otherwise throws naming {@code field} and the value.
     */
    public static String requireSafePath(String field, String path) {
        if (path == null || path.isEmpty()) {
            throw new IllegalArgumentException(field + " is empty: a relative path is required");
        }
        if (path.length() > MAX_KEY_BYTES) {
            throw new IllegalArgumentException(
                    field + " '" + abbreviate(path) + "' is longer than " + MAX_KEY_BYTES + " characters");
        }
        for (String segment : path.split("/", -1)) {
            if (segment.isEmpty()
                    || segment.equals(".")
                    || segment.equals("..")
                    || !SEGMENT.matcher(segment).matches()) {
                throw new IllegalArgumentException(field + " '" + abbreviate(path)
                        + "' is not a safe relative path: segment '" + abbreviate(segment)
                        + "' is empty, '.', '..' or holds characters other than A-Z a-z 0-9 . _ ~ @ + = , -");
            }
        }
        return path;
    }

    /** A prefix is a safe path followed by '/', or empty (everything). */
    public static String requireSafePrefix(String field, String prefix) {
        if (prefix == null || prefix.isEmpty()) {
            return "";
        }
        if (!prefix.endsWith("/")) {
            throw new IllegalArgumentException(field + " '" + abbreviate(prefix) + "' must end with '/'");
        }
        requireSafePath(field, prefix.substring(0, prefix.length() - 1));
        return prefix;
    }

    static String abbreviate(String value) {
        String printable = value.replaceAll("\\p{Cntrl}", "?");
        return printable.length() <= 120 ? printable : printable.substring(0, 117) + "...";
    }
}
