package io.isobench.result;

/** A result file that this reader cannot accept: unknown version, malformed JSON or table. */
public class ResultFormatException extends RuntimeException {

    public ResultFormatException(String message) {
        super(message);
    }

    public ResultFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
