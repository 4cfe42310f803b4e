package io.isobench.runner.parts;

import io.isobench.result.Environment;
import io.isobench.result.RepetitionResult;

/** What the coordinating part and the other load parts tell each other (JSON payloads of {@link PartLink} frames). */
final class PartMessages {

    private PartMessages() {}

    /**
     * A part asks to join: {@code configHash} is that of its whole configuration but its CPUs, so every part runs the
     * same sweep with the same options; {@code token} is the secret every part of one run was given.
     */
    record Join(int protocol, int part, int parts, String token, String configHash, Environment environment) {}

    /** Why a join was refused (the part exits saying it). */
    record Refusal(String reason) {}

    /** Run attempt {@code attempt} of {@code repetition} of step {@code step}: probe, open, READY, wait for GO, measure. */
    record RunAttempt(String step, int repetition, int attempt) {}

    /** What the part measured; its files (those {@code repetition.files()} names, .hgrm then .hlog) follow as FILE frames. */
    record Measured(RepetitionResult repetition) {}
}
