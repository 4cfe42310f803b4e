package io.isobench.runner.parts;

import io.isobench.result.ResultJson;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * One connection between the coordinating part and another load part: frames of a kind byte, a length and a payload
 * (JSON for messages, raw bytes for a file), every length bounded before anything is allocated, every read bounded in
 * time, so a part that stops answering is a reason in the result, never a hung run.
 */
final class PartLink implements AutoCloseable {

    /** Bumped when a frame changes meaning: a part of another version is refused at its join, naming both. */
    static final int PROTOCOL = 1;

    /** A message: a repetition's figures with its base64 histogram stay far below this. */
    static final int MAX_MESSAGE = 16 * 1024 * 1024;
    /** A histogram file: the operator reads at most 32 MiB of one (a 30-minute window's .hlog at 1M msg/s is ≈ 25 MiB). */
    static final int MAX_FILE = 32 * 1024 * 1024;

    /** What a frame is; its code is the frame's first byte (fixed: a part of another build must read it alike). */
    enum Kind {
        JOIN(1),
        ACCEPTED(2),
        REFUSED(3),
        RUN(4),
        READY(5),
        GO(6),
        MEASURED(7),
        FILE(8),
        DONE(9);

        final int code;

        Kind(int code) {
            this.code = code;
        }

        static Kind of(int code) {
            for (Kind k : values()) {
                if (k.code == code) {
                    return k;
                }
            }
            return null;
        }
    }

    record Frame(Kind kind, byte[] payload) {

        <T> T json(Class<T> type) throws IOException {
            return ResultJson.MAPPER.readValue(payload, type);
        }
    }

    private final Socket socket;
    private final DataInputStream in;
    private final DataOutputStream out;
    private String peer;

    PartLink(Socket socket, String peer) throws IOException {
        this.socket = socket;
        this.peer = peer;
        socket.setTcpNoDelay(true);
        socket.setKeepAlive(true);
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
    }

    /** Names the other end anew, once it said who it is. */
    void rename(String name) {
        peer = name;
    }

    /** Who is at the other end, for messages. */
    String peer() {
        return peer;
    }

    void send(Kind kind, Object message) throws IOException {
        send(kind, message == null ? new byte[0] : ResultJson.MAPPER.writeValueAsBytes(message));
    }

    void send(Kind kind, byte[] payload) throws IOException {
        out.writeByte(kind.code);
        out.writeInt(payload.length);
        out.write(payload);
        out.flush();
    }

    /** A file: its name (a path inside the run directory) and its bytes. */
    void sendFile(String name, byte[] content) throws IOException {
        byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
        out.writeByte(Kind.FILE.code);
        out.writeInt(2 + nameBytes.length + content.length);
        out.writeShort(nameBytes.length);
        out.write(nameBytes);
        out.write(content);
        out.flush();
    }

    /**
     * The next frame, waiting at most {@code timeout} (null: as long as it takes).
     *
     * @throws PartLinkException naming the peer when it closed, sent garbage, or said nothing in time
     */
    Frame receive(Duration timeout) throws PartLinkException {
        try {
            socket.setSoTimeout(
                    timeout == null ? 0 : (int) Math.max(1, Math.min(Integer.MAX_VALUE, timeout.toMillis())));
            int kind = in.read();
            if (kind < 0) {
                throw new PartLinkException(peer + " closed the connection");
            }
            Kind k = Kind.of(kind);
            if (k == null) {
                throw new PartLinkException(peer + " sent a frame of unknown kind " + kind);
            }
            int length = in.readInt();
            int cap = k == Kind.FILE ? MAX_FILE + 2 + 1024 : MAX_MESSAGE;
            if (length < 0 || length > cap) {
                throw new PartLinkException(
                        peer + " sent a " + k + " frame of " + length + " bytes (at most " + cap + ")");
            }
            byte[] payload = new byte[length];
            in.readFully(payload);
            return new Frame(k, payload);
        } catch (SocketTimeoutException e) {
            throw new PartLinkException(peer + " said nothing within " + timeout.toSeconds() + " s");
        } catch (EOFException e) {
            throw new PartLinkException(peer + " closed the connection mid-frame");
        } catch (IOException e) {
            throw new PartLinkException(peer + ": " + e.getMessage());
        }
    }

    /** A file frame's name and bytes. */
    static NamedFile file(Frame frame) throws PartLinkException {
        if (frame.kind() != Kind.FILE || frame.payload().length < 2) {
            throw new PartLinkException("expected a file, got " + frame.kind());
        }
        byte[] p = frame.payload();
        int nameLength = ((p[0] & 0xff) << 8) | (p[1] & 0xff);
        if (2 + nameLength > p.length) {
            throw new PartLinkException("a file frame's name runs past its end");
        }
        String name = new String(p, 2, nameLength, StandardCharsets.UTF_8);
        byte[] content = java.util.Arrays.copyOfRange(p, 2 + nameLength, p.length);
        return new NamedFile(name, content);
    }

    record NamedFile(String name, byte[] content) {}

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // closing a connection to a part that is gone: nothing left to tell it
        }
    }

    /** The connection to a part failed: closed, silent, or not speaking the protocol. */
    static final class PartLinkException extends Exception {
        PartLinkException(String message) {
            super(message);
        }
    }
}
