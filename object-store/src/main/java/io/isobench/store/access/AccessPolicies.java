package io.isobench.store.access;

import io.isobench.store.BucketLayout;
import io.isobench.store.ObjectKeys;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The IAM policies of isobench's two MinIO identities (docs/operator.md § Object store access). The operator's user may
 * read and write {@code runs/} and {@code site/} of its bucket, create it and set its (anonymous-read) policy — no
 * admin action: MinIO lets a user create and delete service accounts of its own without one, and nothing else. A
 * runner's upload is signed by a per-attempt service account whose policy allows PutObject under that attempt's
 * prefix only (MinIO also holds a service account to its parent's policy).
 */
public final class AccessPolicies {

    /** The canned policy the chart's set-up attaches to the operator's user. */
    public static final String OPERATOR_POLICY_NAME = "isobench-operator";

    private AccessPolicies() {}

    public static String operator(String bucket) {
        String arn = "arn:aws:s3:::" + bucket;
        return Json.write(document(
                statement(
                        "OperatorBucket",
                        List.of(
                                "s3:CreateBucket",
                                "s3:ListBucket",
                                "s3:GetBucketLocation",
                                "s3:GetBucketPolicy",
                                "s3:PutBucketPolicy"),
                        List.of(arn)),
                statement(
                        "OperatorObjects",
                        List.of("s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:AbortMultipartUpload"),
                        List.of(
                                arn + "/" + BucketLayout.RUNS_PREFIX + "*",
                                arn + "/" + BucketLayout.SITE_PREFIX + "*"))));
    }

    /** PutObject under {@code prefix} (one attempt's upload prefix, ending in '/') and nothing else. */
    public static String upload(String bucket, String prefix) {
        String safe = ObjectKeys.requireSafePrefix("upload prefix", prefix);
        if (!safe.startsWith(BucketLayout.RUNS_PREFIX) || !safe.endsWith("/")) {
            throw new IllegalArgumentException(
                    "upload prefix '" + prefix + "' must be a folder under " + BucketLayout.RUNS_PREFIX);
        }
        return Json.write(document(statement(
                "UploadOneAttempt", List.of("s3:PutObject"), List.of("arn:aws:s3:::" + bucket + "/" + safe + "*"))));
    }

    private static Map<String, Object> document(Object... statements) {
        var doc = new LinkedHashMap<String, Object>();
        doc.put("Version", "2012-10-17");
        doc.put("Statement", List.of(statements));
        return doc;
    }

    private static Map<String, Object> statement(String sid, List<String> actions, List<String> resources) {
        var statement = new LinkedHashMap<String, Object>();
        statement.put("Sid", sid);
        statement.put("Effect", "Allow");
        statement.put("Action", actions);
        statement.put("Resource", resources);
        return statement;
    }
}
