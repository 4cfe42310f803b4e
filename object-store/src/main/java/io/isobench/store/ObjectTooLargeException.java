package io.isobench.store;

/**
 * An object bigger than its reader's cap: refused from its size before any byte is read, or, when the store sent more
 * than it had said, as soon as the read passed the cap. Retrying cannot help: the object is what it is.
 */
public final class ObjectTooLargeException extends ObjectStoreException {

    private final long size;
    private final long limit;

    /** @param size the object's size in bytes, or -1 when it is only known to exceed {@code limit} (a stream longer than its stat) */
    public ObjectTooLargeException(String message, long size, long limit) {
        super(message, false, null);
        this.size = size;
        this.limit = limit;
    }

    static ObjectTooLargeException of(String key, String store, long size, long limit) {
        return new ObjectTooLargeException(
                "'" + key + "' in " + store + " holds " + size + " bytes, over the cap of " + limit + " bytes",
                size,
                limit);
    }

    static ObjectTooLargeException longerThanStated(String key, String store, long stated, long limit) {
        return new ObjectTooLargeException(
                "'" + key + "' in " + store + " sent more than the cap of " + limit + " bytes (its size was given as "
                        + stated + "); the read stopped there",
                -1,
                limit);
    }

    /** The same failure said of {@code subject} (the field that named the object), e.g. {@code steps[0].repetitions[1].files.hlog}. */
    public ObjectTooLargeException about(String subject) {
        return new ObjectTooLargeException(subject + ": " + getMessage(), size, limit);
    }

    public long size() {
        return size;
    }

    public long limit() {
        return limit;
    }
}
