package io.isobench.target.spi;

import io.isobench.result.Load;

/**
 * What a target gets to open a session: the variant under test, the load, the clock, where to record,
 * and where to start its threads.
 */
public record SessionContext(String variant, Load load, Clock clock, Recording recording, ThreadPlacement threads) {}
