package io.isobench.store.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The policies' shape, the documented operator policy, and the grant's JSON (what MinIO does with them: StoreAccessIT). */
class AccessPoliciesTest {

    @Test
    void theOperatorPolicyInTheDocsIsTheOneTheSetUpApplies() throws Exception {
        String doc = Files.readString(Path.of("..", "docs", "operator.md"));
        int at = doc.indexOf("**The operator's policy**");
        assertThat(at).as("docs/operator.md shows the operator's policy").isPositive();
        int start = doc.indexOf("```json", at) + "```json".length();
        String documented = doc.substring(start, doc.indexOf("```", start));
        assertThat(Json.mapper().readTree(documented))
                .isEqualTo(Json.mapper().readTree(AccessPolicies.operator("isobench")));
    }

    @Test
    void anUploadPolicyAllowsPutObjectUnderOneRunsFolderOnly() throws Exception {
        var policy = Json.mapper().readTree(AccessPolicies.upload("isobench", "runs/a/b/c/attempt-1/client/"));
        assertThat(policy.path("Statement")).hasSize(1);
        assertThat(policy.path("Statement").get(0).path("Action").toString()).isEqualTo("[\"s3:PutObject\"]");
        assertThat(policy.path("Statement").get(0).path("Resource").toString())
                .isEqualTo("[\"arn:aws:s3:::isobench/runs/a/b/c/attempt-1/client/*\"]");
        assertThatThrownBy(() -> AccessPolicies.upload("isobench", "site/"))
                .hasMessage("upload prefix 'site/' must be a folder under runs/");
        assertThatThrownBy(() -> AccessPolicies.upload("isobench", "runs/a"))
                .hasMessage("upload prefix 'runs/a' must end with '/'");
        assertThatThrownBy(() -> AccessPolicies.upload("isobench", ""))
                .hasMessage("upload prefix '' must be a folder under runs/");
    }

    @Test
    void aGrantReadsBackWhatItWroteAndABadOneIsNamedWithoutItsValues() {
        var fields = Map.of(
                "policy",
                "cG9saWN5",
                "x-amz-algorithm",
                "AWS4-HMAC-SHA256",
                "x-amz-credential",
                "ibr/20261123/us-east-1/s3/aws4_request",
                "x-amz-date",
                "20261123T100000Z",
                "x-amz-signature",
                "0123abcd");
        var grant = new UploadGrant(
                "isobench", "runs/a/b/c/attempt-1/client/", Instant.parse("2026-11-23T10:30:00Z"), fields);
        assertThat(UploadGrant.fromJson(grant.toJson())).isEqualTo(grant);
        assertThat(grant.toString()).doesNotContain("0123abcd").doesNotContain("cG9saWN5");
        assertThatThrownBy(() -> UploadGrant.fromJson(
                        "{\"bucket\":\"isobench\",\"prefix\":\"runs/a/\",\"expires\":\"soon\",\"fields\":{}}"))
                .hasMessage("ISOBENCH_STORE_UPLOAD_GRANT field expires is not an RFC 3339 instant");
        assertThatThrownBy(() -> UploadGrant.fromJson(
                        grant.toJson().replace("\"x-amz-signature\":\"0123abcd\"", "\"x-amz-signature\":\"\"")))
                .hasMessageContaining(
                        "must be exactly [policy, x-amz-algorithm, x-amz-credential, x-amz-date, x-amz-signature], none empty")
                .hasMessageNotContaining("cG9saWN5");
        assertThatThrownBy(() -> UploadGrant.fromJson("not json"))
                .hasMessageStartingWith("ISOBENCH_STORE_UPLOAD_GRANT is not JSON");
        assertThatThrownBy(() -> UploadGrant.fromJson("")).hasMessage("ISOBENCH_STORE_UPLOAD_GRANT is empty");
    }
}
