package io.isobench.operator.results;

import java.io.IOException;
import java.util.Optional;

/** Where runners' uploads are read back from (the object store). */
public interface ResultSource {

    /** The object's bytes, empty when there is none; IOException when the store cannot answer. */
    Optional<byte[]> read(String key) throws IOException;

    /** For messages: the store's location, never its credentials. */
    String describe(String key);
}
