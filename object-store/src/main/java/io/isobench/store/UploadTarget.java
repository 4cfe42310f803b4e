package io.isobench.store;

import java.util.Optional;

/**
 * Where {@link ArtifactUploader} puts a finished run directory: a store it may also ask what it holds
 * ({@link ObjectStore}), or one it can only write to (a runner's upload grant, {@link io.isobench.store.access.GrantUploads}).
 */
public interface UploadTarget extends AutoCloseable {

    /** Where this target is, for messages; never credentials. */
    String describe();

    /** Stores {@code content} under {@code key}, replacing any object there. */
    void put(String key, byte[] content, String contentType);

    /** The object's size and ETag; empty when there is none, or when this target cannot tell (the file is then sent again). */
    Optional<ObjectInfo> stat(String key);

    /**
     * Whether {@code existing} (from {@link #stat}) already holds exactly {@code content}, answered from what is cheap to
     * know: the S3 ETag of a single-part object is its MD5. False when unsure.
     */
    default boolean holds(ObjectInfo existing, byte[] content) {
        if (existing == null
                || existing.size() != content.length
                || existing.etag() == null
                || existing.etag().contains("-")) {
            return false;
        }
        return existing.etag().equalsIgnoreCase(ObjectStore.md5Hex(content));
    }

    @Override
    void close();
}
