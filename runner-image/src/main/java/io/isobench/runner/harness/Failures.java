package io.isobench.runner.harness;

/** An exception in the words of a FAIL reason: never "null", which several JDK network exceptions carry as their message. */
public final class Failures {

    private Failures() {}

    /** The exception's message, or its kind when it has none (PortUnreachableException, ClosedChannelException…). */
    public static String describe(Throwable t) {
        String message = t.getMessage();
        return message == null || message.isBlank() ? t.getClass().getSimpleName() : message;
    }
}
