package io.isobench.store;

/**
 * A store operation that failed. {@code retryable} says whether trying again later can help (the store
 * was unreachable or busy) or not (access denied, no such bucket, bad input). Messages name the
 * operation, the store and the key, never credentials.
 */
public class ObjectStoreException extends RuntimeException {

    private final boolean retryable;

    public ObjectStoreException(String message, boolean retryable, Throwable cause) {
        super(message, cause);
        this.retryable = retryable;
    }

    public boolean retryable() {
        return retryable;
    }
}
