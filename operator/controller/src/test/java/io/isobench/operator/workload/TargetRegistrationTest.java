package io.isobench.operator.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.utils.Serialization;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.targets.TargetProfile;
import io.isobench.operator.api.targets.TargetProfiles;
import io.isobench.runner.cli.RunnerMain;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * A target is registered in the operator (its profile), in the runner (its sub-command) and by an example: one that is
 * in one place and missing in another fails here. The runner's target commands are those that take the load options.
 */
class TargetRegistrationTest {

    @Test
    void everyProfileIsARunnerTargetCommandAndEveryRunnerTargetCommandHasAProfile() {
        Set<String> runnerTargets = new TreeSet<>();
        new CommandLine(new RunnerMain()).getSubcommands().forEach((name, command) -> {
            if (command.getCommandSpec().findOption("--mode") != null
                    && command.getCommandSpec().findOption("--rates") != null) {
                runnerTargets.add(name);
            }
        });
        assertThat(runnerTargets)
                .as("the runner's target commands (those taking --mode and --rates)")
                .isNotEmpty();
        assertThat(profileNames()).as("the operator's target profiles").isEqualTo(runnerTargets);
    }

    @Test
    void everyExampleIsOfARegisteredTargetAndEveryTargetHasAnExample() throws IOException {
        Set<String> targets = new TreeSet<>();
        for (Path example : RunnerArgsContractTest.examples().toList()) {
            BenchmarkRun run = Serialization.unmarshal(Files.readString(example), BenchmarkRun.class);
            targets.add(TargetProfiles.of(run.getSpec().getTarget()).runnerName());
        }
        assertThat(targets).as("the targets of examples/").isEqualTo(profileNames());
    }

    /** The runner sub-command of every registered target. */
    private static Set<String> profileNames() {
        Set<String> names = new TreeSet<>();
        for (TargetProfile profile : TargetProfiles.withDefaults()) {
            assertThat(names.add(profile.runnerName()))
                    .as("two profiles name " + profile.runnerName())
                    .isTrue();
        }
        return names;
    }
}
