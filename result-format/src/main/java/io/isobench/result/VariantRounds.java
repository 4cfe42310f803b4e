package io.isobench.result;

import java.util.List;

/**
 * The order variants ran in, round by round, in a run of several variants in JVMs of their own ({@code --variant}, or
 * dispatch's queues): each round's order is drawn at random from {@code seed}, so the host's drift lands on every
 * variant alike and an auditor can draw the same orders again.
 *
 * @param seed   the seed of the draw ({@code java.util.Random}, one shuffle per round in order)
 * @param orders round 1 first: the variant names in the order that round ran them
 */
public record VariantRounds(long seed, List<List<String>> orders) {

    public VariantRounds {
        orders = orders.stream().map(List::copyOf).toList();
    }
}
