package io.isobench.operator.schedules;

/** A schedule the operator cannot read: its message names the field and the value, for status.conditions. */
public final class InvalidScheduleException extends Exception {

    private static final long serialVersionUID = 1L;

    InvalidScheduleException(String field, String value, String why) {
        super("spec." + field + " \"" + value + "\": " + why);
    }
}
