/**
 * The isobench target SPI: what a benchmark target implements ({@link io.isobench.target.spi.Target},
 * {@link io.isobench.target.spi.Session}, found through a {@link io.isobench.target.spi.TargetProvider}) and what the
 * harness gives it ({@link io.isobench.target.spi.SessionContext}: the load, the {@link io.isobench.target.spi.Clock},
 * the {@link io.isobench.target.spi.Recording} and the {@link io.isobench.target.spi.ThreadPlacement}). No runner
 * internals: a plugin compiles against this module alone. The contract in full: docs/target-spi.md.
 */
package io.isobench.target.spi;
