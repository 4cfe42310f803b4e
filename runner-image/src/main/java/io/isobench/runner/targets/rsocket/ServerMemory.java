package io.isobench.runner.targets.rsocket;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PoolArenaMetric;
import io.netty.buffer.PoolChunkListMetric;
import io.netty.buffer.PoolChunkMetric;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocatorMetric;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.charset.StandardCharsets;

/**
 * What an RSocket server holds for the streams it serves, measured by the server itself when a client asks (a
 * request-response whose metadata is {@link #REQUEST}): the heap still live after a full collection, and the direct
 * memory Netty's pooled allocator has handed out for frames and buffers. Its RSS says nothing per stream: the
 * runner's JVM pre-touches a fixed heap, so RSS is the heap's size whether it holds ten streams or a hundred thousand.
 * Asked once before the streams open and once after the window, the difference over the streams in between is what
 * each stream costs the server.
 *
 * @param heapLiveBytes heap the full collection of {@code System.gc()} left in use (every collector the runner uses makes it a full one)
 * @param directBytes   direct memory the pooled allocator has handed out, or -1 when the allocator does not say
 * @param streams       request-streams the server had running when it measured
 */
record ServerMemory(long heapLiveBytes, long directBytes, long streams) {

    /** The request-response metadata that asks for this figure (every other request-response is refused). */
    static final String REQUEST = "isobench:server-memory";

    static final int BYTES = 24;

    /** Collects, then measures: takes as long as a full collection of the server's live heap, on the calling thread. */
    static ServerMemory measure(long streams) {
        System.gc();
        long heap = liveAfterCollection();
        long direct = ByteBufAllocator.DEFAULT instanceof PooledByteBufAllocator pooled
                ? directBytesHandedOut(pooled.metric())
                : -1;
        return new ServerMemory(heap, direct, streams);
    }

    /**
     * The heap as the last collection left it: each heap pool's usage after it, summed. Not the heap's usage read after
     * {@code System.gc()} returns: the event loops keep sending, and a loop that takes a new allocation buffer between
     * the two counts it whole (by hand, 2,000 streams held, one server, six repetitions: two readings 1.0 and 2.0 MiB
     * above the live objects a class histogram counted during the same hold, the others within 0.1 MiB of it). Falls
     * back to that usage where no pool says (never in the collectors the runner uses).
     */
    private static long liveAfterCollection() {
        long live = 0;
        boolean said = false;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            MemoryUsage after = pool.getType() == MemoryType.HEAP ? pool.getCollectionUsage() : null;
            if (after != null) {
                live += after.getUsed();
                said = true;
            }
        }
        return said
                ? live
                : ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /**
     * The direct memory the pooled allocator has handed out: its arenas' chunks less their free bytes, and the huge
     * buffers it allocated outside any chunk. Not {@code usedDirectMemory()}, which is the chunks it holds, whole: it
     * moves in 4 MiB steps, 2 KB a stream at 2,000 streams, and a step either way made a stream cost −178 bytes.
     */
    static long directBytesHandedOut(PooledByteBufAllocatorMetric allocator) {
        long handedOut = 0;
        for (PoolArenaMetric arena : allocator.directArenas()) {
            // numActiveBytes() is the arena's chunks, whole, plus its huge buffers
            long free = 0;
            for (PoolChunkListMetric chunks : arena.chunkLists()) {
                for (PoolChunkMetric chunk : chunks) {
                    free += chunk.freeBytes();
                }
            }
            handedOut += Math.max(0, arena.numActiveBytes() - free);
        }
        return handedOut;
    }

    /**
     * Gives back the buffers the calling thread's allocator cache keeps for reuse: a few hundred KB a thread, the
     * allocator's and no stream's, whose filling up between the two measurements would otherwise be charged to the
     * streams.
     */
    static void releaseThisThreadsCache() {
        if (ByteBufAllocator.DEFAULT instanceof PooledByteBufAllocator pooled) {
            pooled.trimCurrentThreadCache();
        }
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
