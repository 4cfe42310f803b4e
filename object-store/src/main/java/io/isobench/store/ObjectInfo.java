package io.isobench.store;

/**
 * One stored object as a listing or a stat shows it.
 *
 * @param key  the object key (relative to the store's root)
 * @param size bytes
 * @param etag the S3 ETag without quotes (the content's MD5 for a single-part upload), or null where
 *             the store does not know it cheaply (a folder)
 */
public record ObjectInfo(String key, long size, String etag) {}
