package io.isobench.target.spi;

/**
 * A value a {@link TargetProvider} refuses: the runner prints the message and exits 2 (bad usage), so the message
 * names the option and the value as given.
 */
public class TargetOptionException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String option;
    private final String value;
    private final String reason;

    /** {@code option 'value': why}, e.g. {@code payload-bytes 'x': not a whole number}. */
    public TargetOptionException(String option, String value, String why) {
        super(option + " '" + value + "': " + why);
        this.option = option;
        this.value = value;
        this.reason = why;
    }

    public String option() {
        return option;
    }

    public String value() {
        return value;
    }

    /** Why the value is refused, without the option and value. */
    public String reason() {
        return reason;
    }
}
