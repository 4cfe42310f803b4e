package io.isobench.operator.results;

import io.isobench.store.ObjectStore;
import io.isobench.store.ObjectStoreException;
import java.io.IOException;
import java.util.Optional;

/** Runners' uploads in the object store; a store that cannot answer is an IOException, so collection waits instead of failing. */
public final class StoreResults implements ResultSource {

    private final ObjectStore store;

    public StoreResults(ObjectStore store) {
        this.store = store;
    }

    @Override
    public Optional<byte[]> read(String key, long maxBytes) throws IOException {
        try {
            return store.get(key, maxBytes);
        } catch (ObjectStoreException e) {
            throw unreachableOr(e);
        }
    }

    @Override
    public void keep(String key, byte[] content, String contentType) throws IOException {
        try {
            store.put(key, content, contentType);
        } catch (ObjectStoreException e) {
            throw unreachableOr(e);
        }
    }

    /** A store that cannot answer now is waited for (IOException); any other failure goes on as it is. */
    private static IOException unreachableOr(ObjectStoreException e) {
        if (!e.retryable()) {
            throw e;
        }
        return new IOException(e.getMessage(), e);
    }

    @Override
    public String describe(String key) {
        return store.describe().replaceFirst(" at .*", "") + "/" + key;
    }
}
