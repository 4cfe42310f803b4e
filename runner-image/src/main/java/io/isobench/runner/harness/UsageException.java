package io.isobench.runner.harness;

/** Bad input from the user: the message names the option and the value; the CLI exits with code 2. */
public class UsageException extends RuntimeException {

    public UsageException(String message) {
        super(message);
    }
}
