package io.isobench.store;

import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * Objects under keys, S3-style: a bucket ({@link MinioObjectStore}) or a folder ({@link LocalDirectoryStore})
 * with the same semantics, so the uploader and the publisher are written once. Keys are '/'-separated
 * safe paths ({@link ObjectKeys}); a prefix is matched as a string, as S3 does. Failures throw
 * {@link ObjectStoreException}, which says whether a retry can help.
 */
public interface ObjectStore extends AutoCloseable {

    /** Where this store is, for messages: {@code s3://bucket at http://host:port} or {@code folder /path}; never credentials. */
    String describe();

    /** Stores {@code content} under {@code key}, replacing any object there; readers never see half an object. */
    void put(String key, byte[] content, String contentType);

    /** Stores the file's bytes under {@code key}. */
    void putFile(String key, Path file, String contentType);

    /** The object's bytes, or empty when there is no object under {@code key}. */
    Optional<byte[]> get(String key);

    /** The object's size and ETag, or empty when there is none. */
    Optional<ObjectInfo> stat(String key);

    default boolean exists(String key) {
        return stat(key).isPresent();
    }

    /** Every object whose key starts with {@code prefix}, at any depth, sorted by key. */
    List<ObjectInfo> list(String prefix);

    /** Removes these objects; keys with no object are ignored. */
    void delete(Collection<String> keys);

    /** Removes every object whose key starts with {@code prefix}; returns how many were removed. */
    default int deletePrefix(String prefix) {
        List<String> keys = list(prefix).stream().map(ObjectInfo::key).toList();
        delete(keys);
        return keys.size();
    }

    /**
     * Makes the objects under {@code prefix} (and nothing else) readable without credentials, read-only,
     * replacing any earlier access policy. A folder has no access policy: whoever serves it decides.
     */
    void allowAnonymousRead(String prefix);

    /**
     * Whether {@code existing} (from {@link #list} or {@link #stat}) already holds exactly {@code content},
     * answered from what is cheap to know: the S3 ETag of a single-part object is its MD5. False when unsure.
     */
    default boolean holds(ObjectInfo existing, byte[] content) {
        if (existing == null || existing.size() != content.length || existing.etag() == null || existing.etag().contains("-")) {
            return false;
        }
        return existing.etag().equalsIgnoreCase(md5Hex(content));
    }

    @Override
    void close();

    static String md5Hex(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is missing from this JVM", e);
        }
    }
}
