package io.isobench.runner.targets.rsocket;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.time.Duration;

/**
 * What a client asks of a request-stream, in the request's metadata (three longs: the phase of its first message in
 * nanoseconds, the interval in nanoseconds, the stream's number), and what each message of the stream carries in its
 * metadata (two longs: its sequence number k from 0, the stream's number). The data is the request's, echoed.
 *
 * @param phaseNanos how long after the request the first message is due (below the interval)
 * @param stream     the stream's number on the client
 */
record StreamRequest(long phaseNanos, long stream) {

    static final int REQUEST_BYTES = 24;
    static final int MESSAGE_BYTES = 16;

    static ByteBuf requestMetadata(ByteBufAllocator allocator, long phaseNanos, long intervalNanos, long stream) {
        return allocator
                .buffer(REQUEST_BYTES)
                .writeLong(phaseNanos)
                .writeLong(intervalNanos)
                .writeLong(stream);
    }

    static ByteBuf messageMetadata(ByteBufAllocator allocator, long k, long stream) {
        return allocator.buffer(MESSAGE_BYTES).writeLong(k).writeLong(stream);
    }

    /**
     * Reads a request for a server that emits every {@code intervalNanos}; refuses, naming the field and value, a request
     * it cannot honour (a client paced differently would count every message of the stream at the wrong time).
     */
    static StreamRequest read(ByteBuf metadata, long intervalNanos) {
        if (metadata.readableBytes() != REQUEST_BYTES) {
            throw new IllegalArgumentException("request-stream metadata: " + metadata.readableBytes()
                    + " bytes, expected " + REQUEST_BYTES + " (phase, interval and stream number, 8 bytes each)");
        }
        long phase = metadata.getLong(metadata.readerIndex());
        long interval = metadata.getLong(metadata.readerIndex() + 8);
        long stream = metadata.getLong(metadata.readerIndex() + 16);
        if (interval != intervalNanos) {
            throw new IllegalArgumentException("request-stream interval '" + Duration.ofNanos(interval)
                    + "': this server emits every " + Duration.ofNanos(intervalNanos) + " (its --stream-interval)");
        }
        if (phase < 0 || phase >= intervalNanos) {
            throw new IllegalArgumentException(
                    "request-stream phase '" + phase + " ns': must be at least 0 and below the interval");
        }
        if (stream < 0) {
            throw new IllegalArgumentException("request-stream number '" + stream + "': must not be negative");
        }
        return new StreamRequest(phase, stream);
    }
}
