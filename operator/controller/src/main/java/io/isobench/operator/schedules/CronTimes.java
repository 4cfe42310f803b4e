package io.isobench.operator.schedules;

import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Optional;

/**
 * The due times of a schedule: Unix cron (a CronJob's syntax) read by cron-utils, in an IANA time zone. Daylight-saving
 * changes are cron-utils' own: a wall-clock time the change skips is not due that day, one it repeats is due once.
 */
public final class CronTimes {

    private static final CronParser UNIX = new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.UNIX));
    /** cron-utils' Unix definition has no macros; these are the five fields crontab(5) says each stands for. */
    private static final Map<String, String> MACROS = Map.of(
            "@yearly", "0 0 1 1 *",
            "@annually", "0 0 1 1 *",
            "@monthly", "0 0 1 * *",
            "@weekly", "0 0 * * 0",
            "@daily", "0 0 * * *",
            "@midnight", "0 0 * * *",
            "@hourly", "0 * * * *");

    private final ExecutionTime times;
    private final ZoneId zone;

    private CronTimes(ExecutionTime times, ZoneId zone) {
        this.times = times;
        this.zone = zone;
    }

    /** The schedule read, or why not naming the field and the value. */
    public static CronTimes of(String schedule, String timeZone) throws InvalidScheduleException {
        ZoneId zone;
        try {
            zone = ZoneId.of(timeZone == null ? "UTC" : timeZone);
        } catch (DateTimeException e) {
            throw new InvalidScheduleException(
                    "timeZone", timeZone, "not an IANA time zone name (" + e.getMessage() + ")");
        }
        String expression = schedule == null ? "" : schedule.strip();
        try {
            var cron = UNIX.parse(MACROS.getOrDefault(expression, expression));
            cron.validate();
            return new CronTimes(ExecutionTime.forCron(cron), zone);
        } catch (IllegalArgumentException e) {
            throw new InvalidScheduleException("schedule", schedule, e.getMessage());
        }
    }

    /** The first due time strictly after {@code after}; empty when there is none (e.g. "0 0 31 2 *"). */
    public Optional<Instant> next(Instant after) {
        return times.nextExecution(after.atZone(zone)).map(ZonedDateTime::toInstant);
    }

    /** The latest due time at or before {@code now}. */
    public Optional<Instant> latestAtOrBefore(Instant now) {
        // cron-utils' lastExecution is strictly before its argument and due times are whole minutes: one second on
        // from the whole second takes a due time equal to now, and never one after it
        Instant probe = now.truncatedTo(ChronoUnit.SECONDS).plusSeconds(1);
        return times.lastExecution(probe.atZone(zone))
                .map(ZonedDateTime::toInstant)
                .filter(t -> !t.isAfter(now));
    }
}
