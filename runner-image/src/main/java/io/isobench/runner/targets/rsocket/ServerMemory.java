package io.isobench.runner.targets.rsocket;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufAllocatorMetricProvider;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;

/**
 * What an RSocket server holds for the streams it serves, measured by the server itself when a client asks (a
 * request-response whose metadata is {@link #REQUEST}): the heap still live after a full collection, and the direct
 * memory Netty's pooled allocator has taken from the OS for frames and buffers. Its RSS says nothing per stream: the
 * runner's JVM pre-touches a fixed heap, so RSS is the heap's size whether it holds ten streams or a hundred thousand.
 * Asked once before the streams open and once after the window, the difference over the streams in between is what
 * each stream costs the server.
 *
 * @param heapLiveBytes heap in use right after {@code System.gc()} (a full collection in every collector the runner uses)
 * @param directBytes   direct memory held by the pooled allocator, or -1 when the allocator does not say
 * @param streams       request-streams the server had running when it measured
 */
record ServerMemory(long heapLiveBytes, long directBytes, long streams) {

    /** The request-response metadata that asks for this figure (every other request-response is refused). */
    static final String REQUEST = "isobench:server-memory";

    static final int BYTES = 24;

    /** Collects, then measures: takes as long as a full collection of the server's live heap, on the calling thread. */
    static ServerMemory measure(long streams) {
        System.gc();
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        long direct = ByteBufAllocator.DEFAULT instanceof ByteBufAllocatorMetricProvider pooled
                ? pooled.metric().usedDirectMemory()
                : -1;
        return new ServerMemory(heap, direct, streams);
    }

    static ByteBuf requestMetadata(ByteBufAllocator allocator) {
        return allocator.buffer().writeBytes(REQUEST.getBytes(StandardCharsets.US_ASCII));
    }

    static boolean isRequest(ByteBuf metadata) {
        return metadata.toString(StandardCharsets.US_ASCII).equals(REQUEST);
    }

    ByteBuf encode(ByteBufAllocator allocator) {
        return allocator
                .buffer(BYTES)
                .writeLong(heapLiveBytes)
                .writeLong(directBytes)
                .writeLong(streams);
    }

    static ServerMemory decode(ByteBuf data) {
        if (data.readableBytes() != BYTES) {
            throw new IllegalArgumentException("server memory reply: " + data.readableBytes() + " bytes, expected "
                    + BYTES + " (live heap, direct memory and streams, 8 bytes each)");
        }
        int at = data.readerIndex();
        return new ServerMemory(data.getLong(at), data.getLong(at + 8), data.getLong(at + 16));
    }

    /** Heap and direct memory together: what the server needs for what it holds (direct as 0 when not known). */
    long totalBytes() {
        return heapLiveBytes + Math.max(0, directBytes);
    }
}
