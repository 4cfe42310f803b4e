package io.isobench.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class RepeatedCheckTest {

    private final Logger logger = (Logger) LoggerFactory.getLogger(RepeatedCheck.class);
    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();

    @BeforeEach
    void listen() {
        logged.start();
        logger.addAppender(logged);
    }

    @AfterEach
    void stopListening() {
        logger.detachAppender(logged);
    }

    @Test
    void aCheckThatThrowsIsLoggedAndRunAgainAtItsNextTurn() {
        var runs = new AtomicInteger();
        Runnable check = () -> {
            if (runs.incrementAndGet() == 1) {
                throw new IllegalStateException("site bundle unreadable");
            }
        };
        try (var keeper = new RepeatedCheck("bucket-keeper", check, Duration.ofMillis(10))) {
            await().atMost(Duration.ofSeconds(10)).until(() -> runs.get() >= 3);
            assertThat(keeper.scheduled()).isTrue();
        }
        assertThat(logged.list)
                .filteredOn(e -> e.getLevel() == Level.WARN)
                .singleElement()
                .satisfies(e -> {
                    assertThat(e.getFormattedMessage())
                            .contains("bucket-keeper")
                            .contains("site bundle unreadable");
                    assertThat(e.getThrowableProxy()).isNotNull();
                });
    }

    @Test
    void closingEndsTheSchedule() {
        var runs = new AtomicInteger();
        var keeper = new RepeatedCheck("bucket-keeper", runs::incrementAndGet, Duration.ofMillis(10));
        await().atMost(Duration.ofSeconds(10)).until(() -> runs.get() >= 1);
        keeper.close();
        assertThat(keeper.scheduled()).isFalse();
    }
}
