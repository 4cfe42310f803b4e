package io.isobench.compare;

import java.util.List;

/**
 * A change found in a series between two successive runs (docs/compare.md § Change points). Stored with the run whose
 * publication closed the window ({@code closedBy}) and never revised: a later run does not move it.
 *
 * @param before   the last run before the change
 * @param after    the first run after it
 * @param closedBy the run that completed the window after the change
 * @param shifts   each step and percentile that moved: slower or faster, by how much (after's geometric mean over
 *                 before's, with its 95 % interval) and its Holm-adjusted p
 */
public record ChangePoint(String before, String after, String closedBy, List<PercentileVerdict> shifts) {

    public ChangePoint {
        shifts = List.copyOf(shifts);
    }
}
