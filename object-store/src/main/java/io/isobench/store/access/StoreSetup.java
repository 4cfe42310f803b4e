package io.isobench.store.access;

import io.isobench.store.MinioObjectStore;
import io.isobench.store.StoreConfig;

/**
 * What the chart's set-up job does once with admin credentials (and never the operator): the bucket, the operator's
 * policy ({@link AccessPolicies#operator}) and its user with that policy alone. Every call replaces what is there, so it
 * may run again (each upgrade, or after a MinIO that lost its data).
 */
public final class StoreSetup {

    private StoreSetup() {}

    /** {@code admin}: endpoint, bucket and the admin (root) credential; the operator's user gets the given keys. */
    public static void apply(StoreConfig admin, String operatorAccessKey, String operatorSecretKey) {
        if (operatorAccessKey.equals(admin.accessKey())) {
            throw new IllegalArgumentException("the operator's access key '" + operatorAccessKey
                    + "' is the admin's: the operator must not hold the admin credential (give it a user of its own)");
        }
        try (var store = new MinioObjectStore(admin);
                var minio = new MinioAdmin(admin)) {
            store.ensureBucket();
            minio.putPolicy(AccessPolicies.OPERATOR_POLICY_NAME, AccessPolicies.operator(admin.bucket()));
            minio.putUser(operatorAccessKey, operatorSecretKey);
            minio.setUserPolicy(operatorAccessKey, AccessPolicies.OPERATOR_POLICY_NAME);
        }
    }
}
