package io.isobench.operator.uploads;

import io.isobench.store.access.UploadGrant;
import java.time.Instant;

/**
 * Issues and revokes runners' upload grants (docs/operator.md § Object store access). Both are idempotent: issuing again
 * for the same prefix yields a grant signed by the same per-attempt account, and revoking what is gone is a no-op.
 * Failures are {@link io.isobench.store.ObjectStoreException}s that say whether a retry can help.
 */
public interface UploadAccess {

    /** A grant to put objects under {@code prefix} (one attempt's upload prefix) until {@code expires}. */
    UploadGrant issue(String prefix, Instant expires);

    /** Makes every grant issued for {@code prefix} refused from now on; false when there was none left to revoke. */
    boolean revoke(String prefix);
}
