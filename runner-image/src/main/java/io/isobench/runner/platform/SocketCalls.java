package io.isobench.runner.platform;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.net.PortUnreachableException;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.nio.channels.Channel;
import java.util.Optional;

/**
 * A non-blocking socket's reads and writes as libc's {@code recv}/{@code send} ({@code recvfrom}/{@code sendto} for a
 * server's datagrams) on the channel's descriptor, through the FFM API: the calls sockperf makes. NIO's
 * {@code SocketChannel.read}/{@code write} call {@code read(2)}/{@code write(2)}, whose path through the VFS costs more
 * than {@code recv}'s, and take the channel's locks around each: on this project's machine an empty read costs 345 ns
 * through NIO, 288 ns as {@code read(2)} from C and 233 ns as {@code recv} (BENCHMARKS.md, Loopback echo). A busy-polled
 * client (the echo target's, the http target's plain connections) makes a few of them per message, and the empty ones
 * decide how soon a reply is seen.
 *
 * <p>The channel stays the owner (it opens, connects, configures and closes the socket); the calls here never block
 * ({@code MSG_DONTWAIT}) and never raise SIGPIPE ({@code MSG_NOSIGNAL}). They need the channel's descriptor, which only
 * the JDK's {@code sun.nio.ch} knows (the runner's launcher and tests export it); where that or native access is missing,
 * {@link #unavailableReason} says so and the caller keeps NIO. Buffers must be direct. Not thread-safe: one per thread.
 */
public final class SocketCalls implements ByteChannel {

    private static final int MSG_DONTWAIT = 0x40;
    private static final int MSG_NOSIGNAL = 0x4000;
    private static final int EAGAIN = 11;
    private static final int EINTR = 4;
    private static final int ECONNREFUSED = 111;
    /** sockaddr_storage: room for any address family's sockaddr. */
    private static final int SOCKADDR_BYTES = 128;

    private static final Handles HANDLES = Handles.load();

    private final int fd;
    private final boolean stream;
    /** Where each call leaves its errno. */
    private final MemorySegment state;
    /** A datagram server's last sender (a sockaddr): where {@link #reply} goes. */
    private final MemorySegment sender;
    /** The length of {@link #sender}. */
    private final MemorySegment senderLength;

    // the addresses of the last two buffers used, by identity: a segment made per call would allocate on every poll
    private ByteBuffer buffer0;
    private long address0;
    private ByteBuffer buffer1;
    private long address1;

    private SocketCalls(int fd, boolean stream) {
        this.fd = fd;
        this.stream = stream;
        Arena arena = Arena.ofAuto();
        this.state = arena.allocate(CapturedErrno.STATE);
        this.sender = arena.allocate(SOCKADDR_BYTES, 8);
        this.senderLength = arena.allocate(JAVA_INT);
    }

    /** Why these calls cannot be used here, or empty when they can. */
    public static Optional<String> unavailableReason() {
        return Optional.ofNullable(HANDLES.unavailable);
    }

    /**
     * What reads and writes {@code channel}'s socket: these calls where the runtime allows them, else the channel itself
     * (NIO's read/write). Either way the channel keeps the socket.
     */
    public static ByteChannel orChannel(ByteChannel channel, boolean stream) {
        return HANDLES.unavailable == null ? of(channel, stream) : channel;
    }

    /** What {@link #orChannel} reads and writes with here, for a result's metrics. */
    public static String used() {
        return HANDLES.unavailable == null
                ? "recv/send"
                : "NIO read/write (recv/send unavailable: " + HANDLES.unavailable + ")";
    }

    /**
     * The calls on {@code channel}'s socket: a stream socket's ({@code stream}: a TCP {@code SocketChannel}) or a
     * datagram socket's, which {@link #read}/{@link #write} take as connected and {@link #receive}/{@link #reply} as a
     * server's.
     */
    public static SocketCalls of(Channel channel, boolean stream) {
        if (HANDLES.unavailable != null) {
            throw new UnsupportedOperationException("socket calls unavailable: " + HANDLES.unavailable);
        }
        try {
            return new SocketCalls((int) HANDLES.descriptor.invoke(channel), stream);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new UnsupportedOperationException("the descriptor of " + channel + ": " + t, t);
        }
    }

    /** As a non-blocking channel's read: the bytes read, 0 when nothing is there, -1 at the end of a stream. */
    @Override
    public int read(ByteBuffer into) throws IOException {
        int position = into.position();
        long at = address(into) + position;
        long n;
        try {
            n = (long) HANDLES.recv.invokeExact(state, fd, at, (long) (into.limit() - position), MSG_DONTWAIT);
        } catch (Throwable t) {
            throw unexpected(t);
        }
        if (n < 0) {
            return nothing("recv");
        }
        if (n == 0 && stream && into.hasRemaining()) {
            return -1; // the peer closed its end
        }
        into.position(position + (int) n);
        return (int) n;
    }

    /** As a non-blocking channel's write: the bytes written, 0 when the socket's buffer is full. */
    @Override
    public int write(ByteBuffer from) throws IOException {
        int position = from.position();
        long at = address(from) + position;
        long n;
        try {
            n = (long) HANDLES.send.invokeExact(
                    state, fd, at, (long) (from.limit() - position), MSG_DONTWAIT | MSG_NOSIGNAL);
        } catch (Throwable t) {
            throw unexpected(t);
        }
        if (n < 0) {
            return nothing("send");
        }
        from.position(position + (int) n);
        return (int) n;
    }

    /** A datagram server: the next datagram into {@code into}, its sender kept for {@link #reply}; false when none. */
    public boolean receive(ByteBuffer into) throws IOException {
        int position = into.position();
        long at = address(into) + position;
        senderLength.set(JAVA_INT, 0, SOCKADDR_BYTES);
        long n;
        try {
            n = (long) HANDLES.recvfrom.invokeExact(
                    state,
                    fd,
                    at,
                    (long) (into.limit() - position),
                    MSG_DONTWAIT,
                    sender.address(),
                    senderLength.address());
        } catch (Throwable t) {
            throw unexpected(t);
        }
        if (n < 0) {
            return nothing("recvfrom") < 0;
        }
        into.position(position + (int) n);
        return true;
    }

    /** A datagram server: {@code from} to the sender of the datagram {@link #receive} took last; false when dropped. */
    public boolean reply(ByteBuffer from) throws IOException {
        int position = from.position();
        long at = address(from) + position;
        long n;
        try {
            n = (long) HANDLES.sendto.invokeExact(
                    state,
                    fd,
                    at,
                    (long) (from.limit() - position),
                    MSG_DONTWAIT | MSG_NOSIGNAL,
                    sender.address(),
                    senderLength.get(JAVA_INT, 0));
        } catch (Throwable t) {
            throw unexpected(t);
        }
        if (n < 0) {
            return nothing("sendto") < 0;
        }
        from.position(position + (int) n);
        return true;
    }

    /** 0 for a call that would have blocked or was interrupted; otherwise the error, as NIO words it. */
    private int nothing(String call) throws IOException {
        int errno = CapturedErrno.of(state);
        if (errno == EAGAIN || errno == EINTR) {
            return 0;
        }
        String message = strerror(errno);
        if (errno == ECONNREFUSED && !stream) {
            // what a connected datagram socket learns from an ICMP port unreachable: as DatagramChannel reports it
            throw new PortUnreachableException(message);
        }
        throw new IOException(message + " (" + call + ", errno " + errno + ")");
    }

    @SuppressWarnings("ReferenceEquality") // the same buffer object, not an equal one: its address is what is cached
    private long address(ByteBuffer b) {
        if (b == buffer0) {
            return address0;
        }
        if (b == buffer1) {
            return address1;
        }
        if (!b.isDirect()) {
            throw new IllegalArgumentException("socket calls need a direct buffer");
        }
        long address = MemorySegment.ofBuffer(b).address() - b.position();
        buffer1 = buffer0;
        address1 = address0;
        buffer0 = b;
        address0 = address;
        return address;
    }

    private static String strerror(int errno) {
        try {
            MemorySegment text = (MemorySegment) HANDLES.strerror.invokeExact(errno);
            return text.reinterpret(Integer.MAX_VALUE).getString(0);
        } catch (Throwable t) {
            return "errno " + errno;
        }
    }

    private static IllegalStateException unexpected(Throwable t) {
        return new IllegalStateException("socket call failed in the runtime, not the kernel: " + t, t);
    }

    /** The channel owns the socket: closing it is the channel's. */
    @Override
    public boolean isOpen() {
        return true;
    }

    @Override
    public void close() {}

    private record Handles(
            MethodHandle recv,
            MethodHandle send,
            MethodHandle recvfrom,
            MethodHandle sendto,
            MethodHandle strerror,
            MethodHandle descriptor,
            String unavailable) {

        static Handles load() {
            try {
                Linker linker = Linker.nativeLinker();
                Linker.Option errnoCapture = CapturedErrno.CAPTURE;
                var lookup = linker.defaultLookup();
                // pointers passed as addresses (longs): a segment per call would allocate on every poll
                FunctionDescriptor io = FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT);
                FunctionDescriptor from = FunctionDescriptor.of(
                        JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG);
                FunctionDescriptor to =
                        FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT);
                Class<?> selectable = Class.forName("sun.nio.ch.SelChImpl");
                MethodHandle descriptor = java.lang.invoke.MethodHandles.lookup()
                        .findVirtual(selectable, "getFDVal", java.lang.invoke.MethodType.methodType(int.class))
                        .asType(java.lang.invoke.MethodType.methodType(int.class, Channel.class));
                return new Handles(
                        linker.downcallHandle(find(lookup, "recv"), io, errnoCapture),
                        linker.downcallHandle(find(lookup, "send"), io, errnoCapture),
                        linker.downcallHandle(find(lookup, "recvfrom"), from, errnoCapture),
                        linker.downcallHandle(find(lookup, "sendto"), to, errnoCapture),
                        linker.downcallHandle(find(lookup, "strerror"), FunctionDescriptor.of(ADDRESS, JAVA_INT)),
                        descriptor,
                        null);
            } catch (Throwable t) {
                // not Linux, native access disabled, or sun.nio.ch not exported to the runner (java.base's own)
                return new Handles(
                        null, null, null, null, null, null, t.getClass().getSimpleName() + ": " + t.getMessage());
            }
        }

        private static MemorySegment find(java.lang.foreign.SymbolLookup lookup, String name) {
            return lookup.find(name).orElseThrow(() -> new UnsupportedOperationException("no " + name + " in libc"));
        }
    }
}
