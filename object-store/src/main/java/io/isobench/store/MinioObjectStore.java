package io.isobench.store;

import io.minio.BucketExistsArgs;
import io.minio.GetObjectArgs;
import io.minio.ListObjectsArgs;
import io.minio.MakeBucketArgs;
import io.minio.MinioClient;
import io.minio.PutObjectArgs;
import io.minio.RemoveObjectsArgs;
import io.minio.Result;
import io.minio.SetBucketPolicyArgs;
import io.minio.StatObjectArgs;
import io.minio.StatObjectResponse;
import io.minio.errors.ErrorResponseException;
import io.minio.errors.InvalidResponseException;
import io.minio.errors.MinioException;
import io.minio.errors.ServerException;
import io.minio.messages.DeleteRequest;
import io.minio.messages.DeleteResult;
import io.minio.messages.Item;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** An {@link ObjectStore} on one bucket of an S3 API (MinIO), through the MinIO Java client. */
public final class MinioObjectStore implements ObjectStore {

    /** A refused or dead connection should surface fast; the caller's {@link Retrier} decides how long to keep trying. */
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

    private static final Duration TRANSFER_TIMEOUT = Duration.ofSeconds(60);
    /** DeleteObjects takes at most 1000 keys per request. */
    private static final int DELETE_BATCH = 1000;

    private static final Set<String> NOT_FOUND = Set.of("NoSuchKey", "NoSuchObject", "ResourceNotFound");
    /** Answers a later try may not get again; NoSuchBucket among them, since the operator re-creates a bucket that went away. */
    private static final Set<String> BUSY = Set.of(
            "SlowDown",
            "RequestTimeout",
            "InternalError",
            "ServiceUnavailable",
            "XMinioServerNotInitialized",
            "XMinioStorageFull",
            "OperationTimedOut",
            "NoSuchBucket");

    private final StoreConfig config;
    private final MinioClient client;

    public MinioObjectStore(StoreConfig config) {
        this.config = config;
        this.client = MinioClient.builder()
                .endpoint(config.endpoint().toString())
                .region(config.region())
                .credentials(config.accessKey(), config.secretKey())
                .build();
        client.setTimeout(CONNECT_TIMEOUT.toMillis(), TRANSFER_TIMEOUT.toMillis(), TRANSFER_TIMEOUT.toMillis());
    }

    /** Creates the bucket if it does not exist yet; returns this store. */
    public MinioObjectStore ensureBucket() {
        createBucketIfMissing();
        return this;
    }

    /** Creates the bucket if it does not exist; true when it had to. */
    public boolean createBucketIfMissing() {
        return call("create bucket", "", () -> {
            if (client.bucketExists(
                    BucketExistsArgs.builder().bucket(config.bucket()).build())) {
                return false;
            }
            try {
                client.makeBucket(MakeBucketArgs.builder()
                        .bucket(config.bucket())
                        .region(config.region())
                        .build());
                return true;
            } catch (ErrorResponseException e) {
                if (!"BucketAlreadyOwnedByYou".equals(e.errorResponse().code())) {
                    throw e;
                }
                return false;
            }
        });
    }

    public StoreConfig config() {
        return config;
    }

    @Override
    public String describe() {
        return "s3://" + config.bucket() + " at " + config.endpoint();
    }

    /**
     * A bucket's puts wait on the network and the server, not on this machine's CPUs: into MinIO 8 writers took
     * 0.75–0.84× the time of 4 on 2 CPUs (answers at once or held back 5 ms), 16 and 32 no less than 8 (BENCHMARKS.md §
     * Publishing 10,000 runs).
     */
    @Override
    public int writesAtOnce() {
        return Math.max(8, 2 * Runtime.getRuntime().availableProcessors());
    }

    @Override
    public void put(String key, byte[] content, String contentType) {
        ObjectKeys.requireSafePath("object key", key);
        call(
                "put",
                key,
                () -> client.putObject(PutObjectArgs.builder()
                        .bucket(config.bucket())
                        .object(key)
                        .data(content, content.length)
                        .contentType(contentType)
                        .build()));
    }

    @Override
    public void putFile(String key, Path file, String contentType) {
        byte[] content;
        try {
            content = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new ObjectStoreException("cannot read " + file + " to upload it as '" + key + "': " + e, false, e);
        }
        put(key, content, contentType);
    }

    @Override
    public Optional<InputStream> open(String key) {
        ObjectKeys.requireSafePath("object key", key);
        return call("get", key, () -> {
            try {
                return Optional.of(client.getObject(GetObjectArgs.builder()
                        .bucket(config.bucket())
                        .object(key)
                        .build()));
            } catch (ErrorResponseException e) {
                if (NOT_FOUND.contains(e.errorResponse().code())) {
                    return Optional.empty();
                }
                throw e;
            }
        });
    }

    @Override
    public Optional<ObjectInfo> stat(String key) {
        ObjectKeys.requireSafePath("object key", key);
        return call("stat", key, () -> {
            try {
                StatObjectResponse stat = client.statObject(StatObjectArgs.builder()
                        .bucket(config.bucket())
                        .object(key)
                        .build());
                return Optional.of(new ObjectInfo(key, stat.size(), unquote(stat.etag())));
            } catch (ErrorResponseException e) {
                if (NOT_FOUND.contains(e.errorResponse().code())) {
                    return Optional.empty();
                }
                throw e;
            }
        });
    }

    @Override
    public List<ObjectInfo> list(String prefix) {
        String safePrefix = prefix == null ? "" : prefix;
        return call("list", safePrefix, () -> {
            List<ObjectInfo> objects = new ArrayList<>();
            Iterable<Result<Item>> items = client.listObjects(ListObjectsArgs.builder()
                    .bucket(config.bucket())
                    .prefix(safePrefix)
                    .recursive(true)
                    .build());
            for (Result<Item> result : items) {
                Item item = result.get();
                if (!item.isDir()) {
                    objects.add(new ObjectInfo(item.objectName(), item.size(), unquote(item.etag())));
                }
            }
            objects.sort(java.util.Comparator.comparing(ObjectInfo::key));
            return List.copyOf(objects);
        });
    }

    @Override
    public void delete(Collection<String> keys) {
        List<String> all = List.copyOf(keys);
        for (int from = 0; from < all.size(); from += DELETE_BATCH) {
            List<DeleteRequest.Object> batch = all.subList(from, Math.min(all.size(), from + DELETE_BATCH)).stream()
                    .map(DeleteRequest.Object::new)
                    .toList();
            call("delete", batch.size() + " objects", () -> {
                // the client deletes lazily, as the results are read
                for (Result<DeleteResult.Error> result : client.removeObjects(RemoveObjectsArgs.builder()
                        .bucket(config.bucket())
                        .objects(batch)
                        .build())) {
                    DeleteResult.Error error = result.get();
                    throw new ObjectStoreException(
                            "cannot delete '" + error.objectName() + "' in " + describe() + ": " + error.code() + " ("
                                    + error.message() + ")",
                            false,
                            null);
                }
                return null;
            });
        }
    }

    @Override
    public void allowAnonymousRead(String prefix) {
        String safePrefix = ObjectKeys.requireSafePrefix("prefix", prefix);
        if (safePrefix.isEmpty()) {
            throw new IllegalArgumentException(
                    "prefix is empty: refusing to make the whole bucket " + config.bucket() + " public");
        }
        // GetObject only, on this prefix only: no listing, no other prefix, no writes
        String policy = """
                {"Version":"2012-10-17","Statement":[{"Sid":"AnonymousReadOf%2$s","Effect":"Allow","Principal":{"AWS":["*"]},\
                "Action":["s3:GetObject"],"Resource":["arn:aws:s3:::%1$s/%2$s*"]}]}""".formatted(config.bucket(), safePrefix);
        call("set policy", safePrefix, () -> {
            client.setBucketPolicy(SetBucketPolicyArgs.builder()
                    .bucket(config.bucket())
                    .config(policy)
                    .build());
            return null;
        });
    }

    @Override
    public void close() {
        try {
            client.close();
        } catch (Exception e) {
            throw new ObjectStoreException(
                    "cannot close the client of " + describe() + ": " + e.getMessage(), false, e);
        }
    }

    private interface MinioCall<T> {
        T run() throws MinioException, IOException;
    }

    private <T> T call(String operation, String key, MinioCall<T> call) {
        try {
            return call.run();
        } catch (ErrorResponseException e) {
            String code = e.errorResponse().code();
            int status = e.response() == null ? 0 : e.response().code();
            throw failure(
                    operation,
                    key,
                    code + " (" + e.errorResponse().message() + ")",
                    status >= 500 || BUSY.contains(code),
                    null);
        } catch (ServerException | InvalidResponseException e) {
            throw failure(operation, key, e.getMessage(), true, null);
        } catch (IOException e) {
            throw failure(operation, key, "cannot reach " + config.endpoint() + ": " + e, true, e);
        } catch (ObjectStoreException e) {
            throw e;
        } catch (RuntimeException e) {
            // the client wraps connection failures in IllegalStateException
            Throwable io = ioCause(e);
            if (io == null) {
                throw e;
            }
            throw failure(operation, key, "cannot reach " + config.endpoint() + ": " + io, true, io);
        } catch (MinioException e) {
            Throwable io = ioCause(e);
            throw failure(
                    operation,
                    key,
                    io != null ? "cannot reach " + config.endpoint() + ": " + io : e.getMessage(),
                    io != null,
                    io);
        }
    }

    private static Throwable ioCause(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof IOException) {
                return t;
            }
        }
        return null;
    }

    /**
     * Messages name the operation, bucket, key and endpoint. The client's exception is not kept as the cause:
     * its HTTP trace holds the signed request (access key id included), and stack traces get logged.
     */
    private ObjectStoreException failure(
            String operation, String key, String detail, boolean retryable, Throwable cause) {
        String message = "cannot " + operation + " '" + key + "' in " + describe() + ": " + detail;
        message = message.replace(config.secretKey(), "****").replace(config.accessKey(), "****");
        return new ObjectStoreException(message, retryable, cause);
    }

    private static String unquote(String etag) {
        return etag == null ? null : etag.replace("\"", "");
    }
}
