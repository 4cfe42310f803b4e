package io.isobench.operator.results;

import java.io.IOException;
import java.util.Optional;

/** Where runners' uploads are read back from (the object store), and where the operator keeps what it checked of them. */
public interface ResultSource {

    /**
     * The object's bytes, read only when it holds at most {@code maxBytes} (its size checked first, the read stopped at
     * the cap: {@link io.isobench.store.ObjectTooLargeException}); empty when there is none; IOException when the store
     * cannot answer.
     */
    Optional<byte[]> read(String key, long maxBytes) throws IOException;

    /** Stores bytes the operator has checked under the run's own prefix, outside the attempt prefix runners upload to. */
    void keep(String key, byte[] content, String contentType) throws IOException;

    /** For messages: the store's location, never its credentials. */
    String describe(String key);
}
