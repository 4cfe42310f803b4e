package io.isobench.runner.targets.rsocket;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;

/**
 * The RSocket 1.0 frames {@link WireStreamEchoServer} reads and writes, over TCP: each frame after a 24-bit length,
 * then a 6-byte header (stream id; type in the top 6 bits of a short, flags in the low 10), then the type's fields
 * (rsocket.io/about/protocol). Only what a request-stream server needs; the rest is named so it can be refused.
 */
final class RSocketFrames {

    static final int LENGTH_BYTES = 3;
    static final int HEADER_BYTES = 6;
    /** The largest frame a 24-bit length can say. */
    static final int MAX_FRAME_BYTES = 0xFF_FFFF;

    static final int SETUP = 0x01;
    static final int LEASE = 0x02;
    static final int KEEPALIVE = 0x03;
    static final int REQUEST_RESPONSE = 0x04;
    static final int REQUEST_FNF = 0x05;
    static final int REQUEST_STREAM = 0x06;
    static final int REQUEST_CHANNEL = 0x07;
    static final int REQUEST_N = 0x08;
    static final int CANCEL = 0x09;
    static final int PAYLOAD = 0x0A;
    static final int ERROR = 0x0B;
    static final int METADATA_PUSH = 0x0C;
    static final int RESUME = 0x0D;
    static final int RESUME_OK = 0x0E;
    static final int EXT = 0x3F;

    /** Ignore the frame if not understood. */
    static final int FLAG_IGNORE = 0x200;

    static final int FLAG_METADATA = 0x100;
    /** SETUP: the client wants to resume; KEEPALIVE: answer it; REQUEST_* and PAYLOAD: more fragments follow. */
    static final int FLAG_RESUME_RESPOND_FOLLOWS = 0x80;
    /** SETUP: the client will honour leases; PAYLOAD: the stream is complete. */
    static final int FLAG_LEASE_COMPLETE = 0x40;

    static final int FLAG_NEXT = 0x20;

    static final int INVALID_SETUP = 0x001;
    static final int UNSUPPORTED_SETUP = 0x002;
    static final int REJECTED_RESUME = 0x004;
    static final int CONNECTION_ERROR = 0x101;
    static final int APPLICATION_ERROR = 0x201;
    static final int REJECTED = 0x202;
    static final int INVALID = 0x204;

    /** A REQUEST_N (or initial request) of this many means unbounded. */
    static final int UNBOUNDED = Integer.MAX_VALUE;

    /** The major version this server speaks (1.0, all rsocket-java and jauntsdn speak). */
    static final int MAJOR_VERSION = 1;

    private RSocketFrames() {}

    static int streamId(ByteBuf frame) {
        return frame.getInt(frame.readerIndex()) & 0x7FFF_FFFF;
    }

    static int type(ByteBuf frame) {
        return frame.getUnsignedShort(frame.readerIndex() + 4) >>> 10;
    }

    static int flags(ByteBuf frame) {
        return frame.getUnsignedShort(frame.readerIndex() + 4) & 0x3FF;
    }

    /** Writes a PAYLOAD (NEXT) frame carrying {@code metadataBytes} of metadata and all of {@code data}. */
    static void writeNextHeader(ByteBuf out, int streamId, int metadataBytes, int dataBytes) {
        out.writeMedium(HEADER_BYTES + 3 + metadataBytes + dataBytes);
        out.writeInt(streamId);
        out.writeShort(PAYLOAD << 10 | FLAG_METADATA | FLAG_NEXT);
        out.writeMedium(metadataBytes);
    }

    /** A PAYLOAD (NEXT, COMPLETE) frame with {@code data} and no metadata: a request-response's answer. */
    static ByteBuf nextComplete(ByteBufAllocator allocator, int streamId, ByteBuf data) {
        ByteBuf out = allocator.buffer(LENGTH_BYTES + HEADER_BYTES + data.readableBytes());
        out.writeMedium(HEADER_BYTES + data.readableBytes());
        out.writeInt(streamId);
        out.writeShort(PAYLOAD << 10 | FLAG_NEXT | FLAG_LEASE_COMPLETE);
        return out.writeBytes(data, data.readerIndex(), data.readableBytes());
    }

    /** An ERROR frame: on stream 0 it ends the connection, on a stream that stream. */
    static ByteBuf error(ByteBufAllocator allocator, int streamId, int code, String message) {
        int messageBytes = ByteBufUtil.utf8Bytes(message);
        ByteBuf out = allocator.buffer(LENGTH_BYTES + HEADER_BYTES + 4 + messageBytes);
        out.writeMedium(HEADER_BYTES + 4 + messageBytes);
        out.writeInt(streamId);
        out.writeShort(ERROR << 10);
        out.writeInt(code);
        ByteBufUtil.writeUtf8(out, message);
        return out;
    }

    /** The answer to a KEEPALIVE that asked for one: its data back, the respond flag off (no resumption: position 0). */
    static ByteBuf keepaliveAnswer(ByteBufAllocator allocator, ByteBuf data) {
        ByteBuf out = allocator.buffer(LENGTH_BYTES + HEADER_BYTES + 8 + data.readableBytes());
        out.writeMedium(HEADER_BYTES + 8 + data.readableBytes());
        out.writeInt(0);
        out.writeShort(KEEPALIVE << 10);
        out.writeLong(0);
        return out.writeBytes(data, data.readerIndex(), data.readableBytes());
    }

    /**
     * The metadata of a REQUEST_*, PAYLOAD frame whose fields start at {@code at} (after any initial request N): a slice,
     * empty without the metadata flag; {@code null} when the frame is too short for the length it says.
     */
    static ByteBuf metadata(ByteBuf frame, int at) {
        if ((flags(frame) & FLAG_METADATA) == 0) {
            return frame.slice(at, 0);
        }
        int end = frame.writerIndex();
        if (at + 3 > end) {
            return null;
        }
        int length = frame.getUnsignedMedium(at);
        return at + 3 + length > end ? null : frame.slice(at + 3, length);
    }

    /** The data after the metadata that {@link #metadata} read (the rest of the frame). */
    static ByteBuf dataAfter(ByteBuf frame, int at, ByteBuf metadata) {
        int start = (flags(frame) & FLAG_METADATA) == 0 ? at : at + 3 + metadata.readableBytes();
        return frame.slice(start, frame.writerIndex() - start);
    }

    static String typeName(int type) {
        return switch (type) {
            case SETUP -> "SETUP";
            case LEASE -> "LEASE";
            case KEEPALIVE -> "KEEPALIVE";
            case REQUEST_RESPONSE -> "REQUEST_RESPONSE";
            case REQUEST_FNF -> "REQUEST_FNF";
            case REQUEST_STREAM -> "REQUEST_STREAM";
            case REQUEST_CHANNEL -> "REQUEST_CHANNEL";
            case REQUEST_N -> "REQUEST_N";
            case CANCEL -> "CANCEL";
            case PAYLOAD -> "PAYLOAD";
            case ERROR -> "ERROR";
            case METADATA_PUSH -> "METADATA_PUSH";
            case RESUME -> "RESUME";
            case RESUME_OK -> "RESUME_OK";
            case EXT -> "EXT";
            default -> "type 0x" + Integer.toHexString(type);
        };
    }
}
