package io.isobench.runner.targets.rsocket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import org.junit.jupiter.api.Test;

/** The server honours a stream as the client scheduled it, or refuses it naming the field and the value. */
class StreamRequestTest {

    private static final long INTERVAL = 100_000_000L;

    private static ByteBuf request(long phase, long interval, long stream) {
        return StreamRequest.requestMetadata(UnpooledByteBufAllocator.DEFAULT, phase, interval, stream);
    }

    @Test
    void aRequestCarriesThePhaseAndTheStreamsNumber() {
        assertThat(StreamRequest.read(request(42, INTERVAL, 7), INTERVAL)).isEqualTo(new StreamRequest(42, 7));
        ByteBuf message = StreamRequest.messageMetadata(UnpooledByteBufAllocator.DEFAULT, 3, 7);
        assertThat(message.getLong(0)).isEqualTo(3);
        assertThat(message.getLong(8)).isEqualTo(7);
    }

    @Test
    void aRequestTheServerCannotHonourIsRefusedNamingWhat() {
        assertThatThrownBy(() -> StreamRequest.read(request(0, 2 * INTERVAL, 1), INTERVAL))
                .hasMessage("request-stream interval 'PT0.2S': this server emits every PT0.1S (its --stream-interval)");
        assertThatThrownBy(() -> StreamRequest.read(request(INTERVAL, INTERVAL, 1), INTERVAL))
                .hasMessage("request-stream phase '100000000 ns': must be at least 0 and below the interval");
        assertThatThrownBy(() -> StreamRequest.read(request(0, INTERVAL, -1), INTERVAL))
                .hasMessage("request-stream number '-1': must not be negative");
        assertThatThrownBy(() -> StreamRequest.read(Unpooled.buffer(), INTERVAL))
                .hasMessageStartingWith("request-stream metadata: 0 bytes, expected 24");
    }
}
