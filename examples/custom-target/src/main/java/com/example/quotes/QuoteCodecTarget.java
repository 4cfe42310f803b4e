package com.example.quotes;

import io.isobench.result.LatencyMeasure;
import io.isobench.result.LoadMode;
import io.isobench.target.spi.LatencyRecorder;
import io.isobench.target.spi.Session;
import io.isobench.target.spi.SessionContext;
import io.isobench.target.spi.Target;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

/**
 * quote-codec: each message is one quote encoded into a buffer and decoded back, checked equal, on the harness's
 * sender thread; its latency runs from the message's intended send time to the decoded quote. The buffers and quotes
 * are made once per session, so the hot path allocates nothing — unless {@code buffers=per-message}, the naive codec
 * that wraps a fresh array per quote, which the harness's allocation check reports. {@code buffers=direct,heap} runs
 * both side by side.
 */
final class QuoteCodecTarget implements Target {

    /** Where a session's encoded quotes go. */
    enum Buffers {
        /** One direct buffer, reused for every quote. */
        DIRECT,
        /** One heap buffer, reused. */
        HEAP,
        /** A new heap buffer per quote (what a codec returning {@code byte[]} does). */
        PER_MESSAGE
    }

    private final int levels;
    /** Side by side in one run, each a variant (in a JVM of its own with the runner's default --fork auto). */
    private final List<Buffers> buffers;

    QuoteCodecTarget(int levels, List<Buffers> buffers) {
        this.levels = levels;
        this.buffers = List.copyOf(buffers);
    }

    static String word(Buffers buffers) {
        return buffers.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    @Override
    public String name() {
        return QuoteCodecProvider.NAME;
    }

    @Override
    public List<String> variants() {
        return buffers.stream().map(QuoteCodecTarget::word).toList();
    }

    @Override
    public String senderRole() {
        return "codec";
    }

    @Override
    public List<String> threadRoles() {
        return List.of(); // the sender thread does all the work
    }

    @Override
    public LatencyMeasure measure(LoadMode mode) {
        return LatencyMeasure.ONE_WAY;
    }

    @Override
    public Map<String, Object> options() {
        return Map.of("levels", levels, "buffers", variants());
    }

    @Override
    public Session open(SessionContext context) {
        // everything the hot path touches is made here, on the harness's orchestrating thread
        Buffers variant = buffers.get(variants().indexOf(context.variant()));
        return new CodecSession(context.recording().newRecorder(senderRole()), levels, variant);
    }

    /** One repetition: quotes encoded and decoded on the sender thread. */
    private static final class CodecSession implements Session {

        private static final long INSTRUMENT = 0x4555525553440000L; // "EURUSD" packed, as a feed would send it

        private final LatencyRecorder recorder;
        private final int levels;
        private final Buffers buffers;
        private final ByteBuffer buffer;
        private final Quote sent;
        private final Quote received;
        private volatile String failure;
        private long sequence;
        private long bytes;
        /** The last quote as sent, kept for a resend as a feed handler keeps it (per-message buffers only). */
        private ByteBuffer lastSent;

        CodecSession(LatencyRecorder recorder, int levels, Buffers buffers) {
            this.recorder = recorder;
            this.levels = levels;
            this.buffers = buffers;
            this.buffer = QuoteCodec.buffer(levels, buffers == Buffers.DIRECT);
            this.sent = new Quote(levels);
            this.received = new Quote(levels);
        }

        @Override
        public boolean send(long intendedNanos) {
            sent.fill(INSTRUMENT, ++sequence, levels);
            ByteBuffer out = buffer;
            if (buffers == Buffers.PER_MESSAGE) {
                out = QuoteCodec.buffer(levels, false);
                lastSent = out;
            }
            bytes += QuoteCodec.encode(sent, out);
            QuoteCodec.decode(out, received);
            if (!received.sameAs(sent) && failure == null) {
                // once, and only on a broken codec: the string is built off the healthy path
                failure = "quote " + sequence + " did not survive the round trip";
            }
            recorder.record(intendedNanos);
            return true;
        }

        @Override
        public String failure() {
            return failure;
        }

        @Override
        public Map<String, Object> metrics() {
            return Map.of("quotes", sequence, "encodedBytes", bytes, "retainedBytes", lastSent == null ? 0 : lastSent.capacity());
        }

        @Override
        public void close() {
            // nothing to stop: no threads, no connections
        }
    }
}
