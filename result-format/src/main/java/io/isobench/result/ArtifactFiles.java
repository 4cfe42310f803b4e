package io.isobench.result;

/** Paths of a repetition's or step's histogram files, relative to the run directory. */
public record ArtifactFiles(String hlog, String hgrm) {}
