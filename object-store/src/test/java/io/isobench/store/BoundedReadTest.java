package io.isobench.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** {@link ObjectStore#get(String, long)}: the size is checked before reading, and the read stops at the cap whatever the size said. */
class BoundedReadTest {

    /** A store whose stat says {@code stated} bytes while its stream sends {@code sent}, counting what was taken from it. */
    static final class LyingStore implements ObjectStore {
        final long stated;
        final long sent;
        final AtomicLong taken = new AtomicLong();

        LyingStore(long stated, long sent) {
            this.stated = stated;
            this.sent = sent;
        }

        @Override
        public Optional<ObjectInfo> stat(String key) {
            return Optional.of(new ObjectInfo(key, stated, null));
        }

        @Override
        public Optional<InputStream> open(String key) {
            return Optional.of(new InputStream() {
                @Override
                public int read() {
                    if (taken.get() >= sent) {
                        return -1;
                    }
                    taken.incrementAndGet();
                    return 'x';
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    int n = (int) Math.min(len, sent - taken.get());
                    if (n <= 0) {
                        return -1;
                    }
                    taken.addAndGet(n);
                    java.util.Arrays.fill(b, off, off + n, (byte) 'x');
                    return n;
                }
            });
        }

        @Override
        public String describe() {
            return "a lying store";
        }

        @Override
        public void put(String key, byte[] content, String contentType) {}

        @Override
        public void putFile(String key, Path file, String contentType) {}

        @Override
        public List<ObjectInfo> list(String prefix) {
            return List.of();
        }

        @Override
        public void delete(Collection<String> keys) {}

        @Override
        public void allowAnonymousRead(String prefix) {}

        @Override
        public void close() {}
    }

    @Test
    void aStreamLongerThanItsStatStopsAtTheCap() {
        var store = new LyingStore(100, 1L << 30); // says 100 bytes, would send 1 GiB
        assertThatThrownBy(() -> store.get("runs/a/b/c/attempt-1/client/result.json", 4096))
                .isInstanceOf(ObjectTooLargeException.class)
                .hasMessage(
                        "'runs/a/b/c/attempt-1/client/result.json' in a lying store sent more than the cap of 4096 bytes "
                                + "(its size was given as 100); the read stopped there");
        assertThat(store.taken.get()).as("bytes taken from the stream").isLessThanOrEqualTo(4097);
    }

    @Test
    void aStatOverTheCapIsRefusedBeforeAnyByteIsRead() {
        var store = new LyingStore(5000, 5000);
        assertThatThrownBy(() -> store.get("k.hlog", 4096))
                .isInstanceOf(ObjectTooLargeException.class)
                .hasMessage("'k.hlog' in a lying store holds 5000 bytes, over the cap of 4096 bytes")
                .satisfies(e -> assertThat(((ObjectTooLargeException) e).size()).isEqualTo(5000));
        assertThat(store.taken.get()).isZero();
    }

    @Test
    void anObjectAtTheCapIsRead() {
        assertThat(new LyingStore(4096, 4096).get("k", 4096))
                .hasValueSatisfying(b -> assertThat(b).hasSize(4096));
        assertThat(new LyingStore(10, 10).get("k"))
                .as("the default cap")
                .hasValueSatisfying(b -> assertThat(b).hasSize(10));
    }
}
