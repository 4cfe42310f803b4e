package io.isobench.store;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where the object store is and how to sign in: read once, validated, immutable. {@link #toString()} never
 * shows the keys, so the config can be logged.
 *
 * <p>Each setting comes from the environment variable of its name, else from a file of the same name in
 * the folder {@code ISOBENCH_S3_SECRET_DIR} names (a Kubernetes Secret mounted as a volume; the same
 * Secret also works with {@code envFrom}).
 *
 * @param endpoint  http(s)://host[:port] of the S3 API, no path and no user info
 * @param bucket    the bucket that holds {@code runs/} and {@code site/}
 * @param accessKey access key id (never logged)
 * @param secretKey secret key (never logged)
 * @param region    signing region ({@value #DEFAULT_REGION} unless set)
 */
public record StoreConfig(URI endpoint, String bucket, String accessKey, String secretKey, String region) {

    public static final String ENDPOINT = "ISOBENCH_S3_ENDPOINT";
    public static final String BUCKET = "ISOBENCH_S3_BUCKET";
    public static final String ACCESS_KEY = "ISOBENCH_S3_ACCESS_KEY";
    public static final String SECRET_KEY = "ISOBENCH_S3_SECRET_KEY";
    public static final String REGION = "ISOBENCH_S3_REGION";
    public static final String SECRET_DIR = "ISOBENCH_S3_SECRET_DIR";
    public static final String DEFAULT_REGION = "us-east-1";

    /** S3 bucket naming rules (lower case, 3-63 characters). */
    private static final Pattern BUCKET_NAME = Pattern.compile("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]");

    private static final Pattern REGION_NAME = Pattern.compile("[a-z0-9-]{1,64}");

    public StoreConfig {
        Objects.requireNonNull(endpoint, ENDPOINT);
        requireEndpoint(endpoint);
        if (bucket == null || !BUCKET_NAME.matcher(bucket).matches()) {
            throw new IllegalArgumentException(BUCKET + " '" + bucket
                    + "' is not a bucket name (3-63 of a-z 0-9 . -, starting and ending alphanumeric)");
        }
        if (accessKey == null || accessKey.isBlank()) {
            throw new IllegalArgumentException(ACCESS_KEY + " is empty");
        }
        if (secretKey == null || secretKey.isBlank()) {
            throw new IllegalArgumentException(SECRET_KEY + " is empty");
        }
        region = region == null || region.isBlank() ? DEFAULT_REGION : region;
        if (!REGION_NAME.matcher(region).matches()) {
            throw new IllegalArgumentException(REGION + " '" + region + "' is not a region name (a-z 0-9 -)");
        }
    }

    /** Reads the settings from {@code env} (pass {@code System.getenv()}), falling back to files in {@value #SECRET_DIR}. */
    public static StoreConfig fromEnvironment(Map<String, String> env) {
        Optional<Path> secretDir = Optional.ofNullable(env.get(SECRET_DIR))
                .filter(s -> !s.isBlank())
                .map(Path::of);
        Settings settings = name -> Optional.ofNullable(env.get(name))
                .filter(v -> !v.isBlank())
                .or(() -> secretDir.flatMap(dir -> readFile(dir.resolve(name))));
        return from(
                settings,
                secretDir.map(d -> "environment or " + SECRET_DIR + "=" + d).orElse("environment"));
    }

    /** Reads the settings from files named like the variables in {@code dir} (a mounted Secret). */
    public static StoreConfig fromDirectory(Path dir) {
        return from(name -> readFile(dir.resolve(name)), "folder " + dir);
    }

    private interface Settings {
        Optional<String> get(String name);
    }

    private static StoreConfig from(Settings settings, String source) {
        String endpoint = required(settings, ENDPOINT, source);
        return new StoreConfig(
                parseEndpoint(endpoint),
                required(settings, BUCKET, source),
                required(settings, ACCESS_KEY, source),
                required(settings, SECRET_KEY, source),
                settings.get(REGION).orElse(DEFAULT_REGION));
    }

    private static String required(Settings settings, String name, String source) {
        return settings.get(name)
                .orElseThrow(() -> new IllegalArgumentException(name + " is not set (looked in the " + source + ")"));
    }

    private static Optional<String> readFile(Path file) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            // Secrets written by hand often end with a newline that is not part of the value
            return Optional.of(Files.readString(file, StandardCharsets.UTF_8).strip())
                    .filter(v -> !v.isEmpty());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    public static URI parseEndpoint(String value) {
        try {
            URI uri = new URI(value.strip());
            requireEndpoint(uri);
            return uri;
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(ENDPOINT + " '" + value + "' is not a URL: " + e.getReason());
        }
    }

    private static void requireEndpoint(URI uri) {
        if (uri.getRawUserInfo() != null) {
            // never echo it: the user info may be a key
            throw new IllegalArgumentException(ENDPOINT + " must not carry user info (credentials belong in "
                    + ACCESS_KEY + "/" + SECRET_KEY + ")");
        }
        boolean http = "http".equals(uri.getScheme()) || "https".equals(uri.getScheme());
        String path = uri.getRawPath();
        if (!http
                || uri.getHost() == null
                || (path != null && !path.isEmpty() && !path.equals("/"))
                || uri.getRawQuery() != null) {
            throw new IllegalArgumentException(
                    ENDPOINT + " '" + uri + "' must be http(s)://host[:port] with no path or query");
        }
    }

    @Override
    public String toString() {
        return "StoreConfig[endpoint=" + endpoint + ", bucket=" + bucket + ", region=" + region
                + ", accessKey=****, secretKey=****]";
    }
}
