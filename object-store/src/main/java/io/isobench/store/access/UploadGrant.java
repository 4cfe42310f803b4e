package io.isobench.store.access;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.isobench.store.ObjectKeys;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What a runner pod gets instead of store credentials: a signed S3 POST policy (the form fields a browser upload
 * form would carry) that lets it put objects under one attempt's prefix of one bucket until {@code expires}, and do
 * nothing else — it is no key: it cannot sign any other request (list, read, delete, bucket policy, admin API).
 * The signer is a per-attempt service account of the operator, so deleting that account revokes the grant at once.
 * Delivered as JSON in a per-attempt Secret (docs/contracts.md); {@link #toString()} never shows the fields.
 *
 * @param bucket  the bucket the form posts to
 * @param prefix  every key must start with it ({@code runs/<ns>/<name>/<uid>/attempt-<n>/<role>/})
 * @param expires when the policy stops being accepted
 * @param fields  the signed form fields: policy, x-amz-algorithm, x-amz-credential, x-amz-date, x-amz-signature
 */
public record UploadGrant(String bucket, String prefix, Instant expires, Map<String, String> fields) {

    /** The environment variable a runner reads it from. */
    public static final String ENV = "ISOBENCH_STORE_UPLOAD_GRANT";

    static final Set<String> FIELDS =
            Set.of("policy", "x-amz-algorithm", "x-amz-credential", "x-amz-date", "x-amz-signature");
    private static final int MAX_JSON = 64 * 1024;

    public UploadGrant {
        ObjectKeys.requireSafePrefix("upload grant prefix", prefix);
        if (prefix == null || prefix.isEmpty()) {
            throw new IllegalArgumentException("upload grant prefix is empty");
        }
        if (bucket == null || bucket.isBlank()) {
            throw new IllegalArgumentException("upload grant bucket is empty");
        }
        if (expires == null) {
            throw new IllegalArgumentException("upload grant expires is missing");
        }
        if (fields == null
                || !fields.keySet().equals(FIELDS)
                || fields.values().stream().anyMatch(v -> v == null || v.isBlank())) {
            throw new IllegalArgumentException(
                    "upload grant fields " + (fields == null ? "null" : new TreeMap<>(fields).keySet())
                            + " must be exactly " + FIELDS.stream().sorted().toList() + ", none empty");
        }
        fields = Map.copyOf(fields);
    }

    public String toJson() {
        var json = new java.util.LinkedHashMap<String, Object>();
        json.put("bucket", bucket);
        json.put("prefix", prefix);
        json.put("expires", expires.toString());
        json.put("fields", new TreeMap<>(fields));
        return Json.write(json);
    }

    /** Reads what {@link #toJson()} wrote; anything else is refused naming the field (never echoing a value: it may be the signature). */
    public static UploadGrant fromJson(String json) {
        if (json == null || json.isBlank()) {
            throw new IllegalArgumentException(ENV + " is empty");
        }
        if (json.length() > MAX_JSON) {
            throw new IllegalArgumentException(ENV + " holds " + json.length() + " characters, more than " + MAX_JSON);
        }
        try {
            var node = Json.mapper().readTree(json);
            if (node == null || !node.isObject()) {
                throw new IllegalArgumentException(ENV + " is not a JSON object");
            }
            var fieldsNode = node.get("fields");
            var fields = new TreeMap<String, String>();
            if (fieldsNode != null && fieldsNode.isObject()) {
                fieldsNode
                        .properties()
                        .forEach(e -> fields.put(
                                e.getKey(),
                                e.getValue().isTextual() ? e.getValue().asText() : null));
            }
            return new UploadGrant(
                    text(node, "bucket"), text(node, "prefix"), Instant.parse(text(node, "expires")), fields);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(ENV + " is not JSON: " + e.getOriginalMessage());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(ENV + " field expires is not an RFC 3339 instant");
        }
    }

    private static String text(com.fasterxml.jackson.databind.JsonNode node, String field) {
        var value = node.get(field);
        if (value == null || !value.isTextual()) {
            throw new IllegalArgumentException(ENV + " field " + field + " is missing or not a string");
        }
        return value.asText();
    }

    @Override
    public String toString() {
        return "UploadGrant[bucket=" + bucket + ", prefix=" + prefix + ", expires=" + expires + ", fields=****]";
    }
}
