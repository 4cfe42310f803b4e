package io.isobench.operator.uploads;

import io.isobench.store.StoreConfig;
import io.isobench.store.access.UploadGrant;
import io.isobench.store.access.UploadGrants;
import java.time.Instant;

/**
 * {@link UploadAccess} on MinIO with the operator's own credential: per-attempt service accounts sign the grants. One
 * object may be as large as all of a run's histogram files may be together (ISOBENCH_MAX_RUN_FILES_BYTES): what is
 * bigger could never be collected, and the cap bounds what a grant can put in the bucket.
 */
public final class StoreUploadAccess implements UploadAccess, AutoCloseable {

    private final UploadGrants grants;
    private final long maxObjectBytes;

    public StoreUploadAccess(StoreConfig operator, long maxObjectBytes) {
        this.grants = new UploadGrants(operator);
        this.maxObjectBytes = maxObjectBytes;
    }

    @Override
    public UploadGrant issue(String prefix, Instant expires) {
        return grants.issue(prefix, expires, maxObjectBytes);
    }

    @Override
    public boolean revoke(String prefix) {
        return grants.revoke(prefix);
    }

    @Override
    public void close() {
        grants.close();
    }
}
