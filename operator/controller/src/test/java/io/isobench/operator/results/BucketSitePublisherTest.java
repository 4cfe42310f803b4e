package io.isobench.operator.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.isobench.operator.Runs;
import io.isobench.store.LocalDirectoryStore;
import io.isobench.store.ObjectStoreException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BucketSitePublisherTest {

    @Test
    void anOperatorStartsWhileTheStoreIsDownAndPreparesTheSiteBeforeItsFirstPublish(@TempDir Path dir) throws Exception {
        Path bundle = Files.createDirectories(dir.resolve("dist"));
        Files.writeString(bundle.resolve("index.html"), "<!doctype html>");
        var store = new LocalDirectoryStore(dir.resolve("bucket"));
        var down = new AtomicBoolean(true);
        Runnable bucket = () -> {
            if (down.get()) {
                throw new ObjectStoreException("cannot reach the store: connection refused", true, null);
            }
        };

        var publisher = new BucketSitePublisher(store, bucket, "http://site/index.html", bundle, Clock.systemUTC());
        assertThat(store.exists("site/index.html")).as("nothing prepared while the store is down").isFalse();

        var run = Runs.dispatch("first", Instant.now());
        assertThatThrownBy(() -> publisher.publish(run)).isInstanceOf(ObjectStoreException.class)
                .satisfies(e -> assertThat(((ObjectStoreException) e).retryable()).isTrue());

        down.set(false);
        assertThatThrownBy(() -> publisher.publish(run)).as("prepared, then the run itself has no result yet")
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("no result.json");
        assertThat(store.exists("site/index.html")).isTrue();
    }

    @Test
    void aStoreThatRefusesForGoodStopsTheStartWithItsReason(@TempDir Path dir) {
        Runnable denied = () -> {
            throw new ObjectStoreException("access denied to bucket isobench", false, null);
        };
        assertThatThrownBy(() -> new BucketSitePublisher(new LocalDirectoryStore(dir), denied, null, null, Clock.systemUTC()))
                .hasMessageContaining("access denied");
    }
}
