package io.isobench.store;

import java.util.Locale;
import java.util.Map;

/** Content types by file extension, for what runs and the site hold; browsers need them from a bucket. */
public final class ContentTypes {

    public static final String JSON = "application/json";
    public static final String TEXT = "text/plain; charset=utf-8";
    public static final String BINARY = "application/octet-stream";

    private static final Map<String, String> BY_EXTENSION = Map.ofEntries(
            Map.entry("json", JSON),
            Map.entry("hgrm", TEXT),
            Map.entry("hlog", TEXT),
            Map.entry("txt", TEXT),
            Map.entry("md", "text/markdown; charset=utf-8"),
            Map.entry("yaml", "application/yaml"),
            Map.entry("html", "text/html; charset=utf-8"),
            Map.entry("js", "text/javascript; charset=utf-8"),
            Map.entry("mjs", "text/javascript; charset=utf-8"),
            Map.entry("css", "text/css; charset=utf-8"),
            Map.entry("map", JSON),
            Map.entry("svg", "image/svg+xml"),
            Map.entry("png", "image/png"),
            Map.entry("jpg", "image/jpeg"),
            Map.entry("ico", "image/x-icon"),
            Map.entry("webp", "image/webp"),
            Map.entry("woff", "font/woff"),
            Map.entry("woff2", "font/woff2"),
            Map.entry("wasm", "application/wasm"));

    private ContentTypes() {}

    public static String of(String key) {
        int dot = key.lastIndexOf('.');
        int slash = key.lastIndexOf('/');
        if (dot <= slash) {
            return BINARY;
        }
        return BY_EXTENSION.getOrDefault(key.substring(dot + 1).toLowerCase(Locale.ROOT), BINARY);
    }
}
