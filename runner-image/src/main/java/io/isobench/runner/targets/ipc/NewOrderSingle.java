package io.isobench.runner.targets.ipc;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.core.pool.StringInterner;
import net.openhft.chronicle.wire.SelfDescribingMarshallable;

/**
 * A FIX NewOrderSingle (35=D) as the Chronicle Services write-up used it: 28 FIX fields including strings, plus
 * the isobench header field {@code intendedNanos} (the intended send time, not a FIX field). Field names follow
 * the FIX tags (in the comments). Serialized as compact binary by explicit code, as Chronicle FIX's generated
 * classes are (the reflective self-describing form costs several microseconds per order on this class);
 * strings are read into a scratch buffer and interned, so repeated values allocate nothing.
 */
public final class NewOrderSingle extends SelfDescribingMarshallable {

    /** Per-thread: the consumer's thread reads, the publisher's thread only writes. */
    private static final ThreadLocal<StringBuilder> SCRATCH = ThreadLocal.withInitial(() -> new StringBuilder(64));

    private static final StringInterner INTERNER = new StringInterner(8192);

    long intendedNanos;

    String clOrdID; // 11
    String account; // 1
    String symbol; // 55
    String securityID; // 48
    char securityIDSource; // 22
    char side; // 54
    long transactTime; // 60
    double orderQty; // 38
    char ordType; // 40
    double price; // 44
    double stopPx; // 99
    String currency; // 15
    char timeInForce; // 59
    String execInst; // 18
    char handlInst; // 21
    String exDestination; // 100
    double minQty; // 110
    double maxFloor; // 111
    String text; // 58
    String senderCompID; // 49
    String targetCompID; // 56
    long msgSeqNum; // 34
    long sendingTime; // 52
    char orderCapacity; // 528
    char settlType; // 63
    char positionEffect; // 77
    String clientID; // 109
    String securityExchange; // 207

    /** A realistic order; {@link #next} changes what changes between orders. */
    static NewOrderSingle sample() {
        NewOrderSingle o = new NewOrderSingle();
        o.account = "ACC-0042";
        o.symbol = "EURUSD";
        o.securityID = "EU0009652759";
        o.securityIDSource = '4';
        o.side = '1';
        o.orderQty = 1_000_000;
        o.ordType = '2';
        o.price = 1.08675;
        o.stopPx = 0;
        o.currency = "EUR";
        o.timeInForce = '0';
        o.execInst = "G";
        o.handlInst = '1';
        o.exDestination = "XLON";
        o.minQty = 0;
        o.maxFloor = 250_000;
        o.text = "isobench ipc order";
        o.senderCompID = "ISOBENCH-CLIENT";
        o.targetCompID = "ISOBENCH-GATEWAY";
        o.orderCapacity = 'A';
        o.settlType = '0';
        o.positionEffect = 'O';
        o.clientID = "CLIENT-7";
        o.securityExchange = "XLON";
        return o;
    }

    /** Stamps the next order: sequence, times, and a client order id from a pre-built ring (no allocation). */
    void next(long intended, long wallClockMillis, String clientOrderId) {
        intendedNanos = intended;
        clOrdID = clientOrderId;
        msgSeqNum++;
        transactTime = wallClockMillis;
        sendingTime = wallClockMillis;
        price = 1.08675 + (msgSeqNum & 15) * 0.00001;
    }

    long intendedNanos() {
        return intendedNanos;
    }

    @Override
    public boolean usesSelfDescribingMessage() {
        return false;
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        out.writeLong(intendedNanos);
        out.writeUtf8(clOrdID).writeUtf8(account).writeUtf8(symbol).writeUtf8(securityID);
        out.writeStopBit(securityIDSource).writeStopBit(side);
        out.writeLong(transactTime)
                .writeDouble(orderQty)
                .writeStopBit(ordType)
                .writeDouble(price)
                .writeDouble(stopPx);
        out.writeUtf8(currency)
                .writeStopBit(timeInForce)
                .writeUtf8(execInst)
                .writeStopBit(handlInst)
                .writeUtf8(exDestination);
        out.writeDouble(minQty)
                .writeDouble(maxFloor)
                .writeUtf8(text)
                .writeUtf8(senderCompID)
                .writeUtf8(targetCompID);
        out.writeLong(msgSeqNum).writeLong(sendingTime);
        out.writeStopBit(orderCapacity).writeStopBit(settlType).writeStopBit(positionEffect);
        out.writeUtf8(clientID).writeUtf8(securityExchange);
    }

    @Override
    public void readMarshallable(BytesIn<?> in) {
        intendedNanos = in.readLong();
        clOrdID = string(in);
        account = string(in);
        symbol = string(in);
        securityID = string(in);
        securityIDSource = in.readStopBitChar();
        side = in.readStopBitChar();
        transactTime = in.readLong();
        orderQty = in.readDouble();
        ordType = in.readStopBitChar();
        price = in.readDouble();
        stopPx = in.readDouble();
        currency = string(in);
        timeInForce = in.readStopBitChar();
        execInst = string(in);
        handlInst = in.readStopBitChar();
        exDestination = string(in);
        minQty = in.readDouble();
        maxFloor = in.readDouble();
        text = string(in);
        senderCompID = string(in);
        targetCompID = string(in);
        msgSeqNum = in.readLong();
        sendingTime = in.readLong();
        orderCapacity = in.readStopBitChar();
        settlType = in.readStopBitChar();
        positionEffect = in.readStopBitChar();
        clientID = string(in);
        securityExchange = string(in);
    }

    private static String string(BytesIn<?> in) {
        StringBuilder scratch = SCRATCH.get();
        return in.readUtf8(scratch) ? INTERNER.intern(scratch) : null;
    }
}
