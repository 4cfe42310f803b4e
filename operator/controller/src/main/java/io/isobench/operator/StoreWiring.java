package io.isobench.operator;

import io.isobench.operator.config.OperatorConfig;
import io.isobench.operator.results.BucketSitePublisher;
import io.isobench.operator.results.ResultSource;
import io.isobench.operator.results.StoreResults;
import io.isobench.operator.uploads.StoreUploadAccess;
import io.isobench.store.MinioObjectStore;
import io.isobench.store.ObjectStore;
import io.isobench.store.StoreConfig;
import java.time.Clock;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/** Connects the operator to the object store configured in {@link OperatorConfig}. */
final class StoreWiring {

    private StoreWiring() {}

    /** The store, when an endpoint and credentials are configured. */
    static Optional<ObjectStore> store(OperatorConfig config) {
        if (!config.hasStore()) {
            return Optional.empty();
        }
        if (config.store().accessKey() == null || config.store().secretKey() == null) {
            throw new IllegalArgumentException(
                    "ISOBENCH_STORE_ENDPOINT is set but ISOBENCH_STORE_ACCESS_KEY / ISOBENCH_STORE_SECRET_KEY are not "
                            + "(the chart takes them from the operator's store Secret)");
        }
        return Optional.of(new MinioObjectStore(storeConfig(config)));
    }

    /** Runners' upload grants, issued with the operator's own credential (its service accounts sign them). */
    static StoreUploadAccess uploads(OperatorConfig config) {
        return new StoreUploadAccess(
                storeConfig(config), config.store().readLimits().runFiles());
    }

    private static StoreConfig storeConfig(OperatorConfig config) {
        return new StoreConfig(
                config.store().endpoint(),
                config.store().bucket(),
                config.store().accessKey(),
                config.store().secretKey(),
                null);
    }

    /** Reads runners' uploads; a store that cannot answer is an IOException, so the collect step waits instead of failing. */
    static ResultSource results(ObjectStore store) {
        return new StoreResults(store);
    }

    /**
     * Publishes finished runs to the bucket's site/ prefix (made anonymously readable, and nothing else). The bucket is
     * created and the site prepared at start-up, or, when the store cannot be reached then, before the first publish:
     * an operator must start (and queue, place and observe runs) while its store is down.
     */
    static BucketSitePublisher publisher(ObjectStore store, OperatorConfig config) {
        BooleanSupplier bucket = store instanceof MinioObjectStore minio ? minio::createBucketIfMissing : () -> false;
        return new BucketSitePublisher(
                store,
                bucket,
                config.site().url(),
                config.site().bundle(),
                config.store().readLimits(),
                Clock.systemUTC());
    }
}
