package io.isobench.publisher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.isobench.result.ReadLimits;
import io.isobench.result.ResultFormatException;
import io.isobench.store.LocalDirectoryStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The site holds only what the publisher generated: of a run directory, result.json and the .hgrm/.hlog files it
 * names, never a file merely lying there, and never anything through a symbolic link.
 */
class SiteContentTest {

    /** A copy of the fixture run with what a hostile runner would add beside its files. */
    static Path hostileRun(Path dir) throws IOException {
        Path run = dir.resolve("hostile");
        copyTree(SitePublisherTest.FIXTURE, run);
        Path step = run.resolve("steps/isobench_clients-1");
        Files.writeString(run.resolve("steps/x.html"), "<script>window.__xss=1</script>");
        Files.writeString(step.resolve("evil.svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>");
        Files.writeString(step.resolve("evil.js"), "alert(1)");
        Files.copy(
                step.resolve("rep-1_OK.hgrm"),
                step.resolve("rep-9_OK.hgrm")); // a valid table, but result.json does not name it
        Files.createSymbolicLink(step.resolve("passwd.hgrm"), Path.of("/etc/passwd"));
        return run;
    }

    static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }

    /** Every file under the published run's folder, relative to it. */
    static List<String> publishedFiles(Path site, PublishedRun run) throws IOException {
        Path base = site.resolve("data/runs/" + run.key());
        try (Stream<Path> files = Files.walk(base)) {
            return files.filter(Files::isRegularFile)
                    .map(f -> base.relativize(f).toString())
                    .sorted()
                    .toList();
        }
    }

    /** result.json, summary.json and the fifteen histogram files the fixture's result.json names, sorted. */
    static List<String> namedFiles() {
        var files = new java.util.ArrayList<>(List.of("result.json", "summary.json"));
        for (String step : List.of("isobench_clients-1", "isobench_clients-16", "isobench_clients-4")) {
            for (String file :
                    List.of("merged_OK.hgrm", "rep-1_OK.hgrm", "rep-1_OK.hlog", "rep-2_OK.hgrm", "rep-2_OK.hlog")) {
                files.add("steps/" + step + "/" + file);
            }
        }
        return files.stream().sorted().toList();
    }

    @Test
    void onlyTheHistogramFilesResultJsonNamesArePublished(@TempDir Path dir) throws Exception {
        Path runDir = hostileRun(dir);
        Path site = dir.resolve("site");
        PublishedRun run = LocalRuns.read(runDir);
        var stats = new SitePublisher(new LocalDirectoryStore(site), "", Clock.systemUTC()).publish(List.of(run));
        assertThat(publishedFiles(site, run)).containsExactlyElementsOf(namedFiles());
        assertThat(stats.ignored())
                .as("x.html, evil.svg, evil.js, rep-9_OK.hgrm, passwd.hgrm")
                .isEqualTo(5);
        Path base = site.resolve("data/runs/" + run.key());
        assertThat(base.resolve("steps/isobench_clients-1/rep-1_OK.hgrm"))
                .hasSameBinaryContentAs(runDir.resolve("steps/isobench_clients-1/rep-1_OK.hgrm"));
    }

    @Test
    void aNamedFileThatIsASymbolicLinkIsNotFollowed(@TempDir Path dir) throws Exception {
        Path runDir = dir.resolve("run");
        copyTree(SitePublisherTest.FIXTURE, runDir);
        Path named = runDir.resolve("steps/isobench_clients-4/rep-1_OK.hgrm");
        Files.delete(named);
        Files.createSymbolicLink(named, Path.of("/etc/passwd"));
        // a whole step folder that is a link to another run's
        Path other = dir.resolve("other");
        copyTree(SitePublisherTest.FIXTURE, other);
        Path stepDir = runDir.resolve("steps/isobench_clients-16");
        deleteTree(stepDir);
        Files.createSymbolicLink(stepDir, other.resolve("steps/isobench_clients-16"));

        Path site = dir.resolve("site");
        PublishedRun run = LocalRuns.read(runDir);
        new SitePublisher(new LocalDirectoryStore(site), "", Clock.systemUTC()).publish(List.of(run));
        assertThat(publishedFiles(site, run))
                .doesNotContain("steps/isobench_clients-4/rep-1_OK.hgrm")
                .noneMatch(f -> f.startsWith("steps/isobench_clients-16/"))
                .contains("steps/isobench_clients-4/rep-1_OK.hlog", "steps/isobench_clients-1/rep-1_OK.hgrm");
    }

    @Test
    void aRunDirectoryThatIsASymbolicLinkInAFolderOfRunsIsNotPublished(@TempDir Path dir) throws Exception {
        Path runs = Files.createDirectories(dir.resolve("runs"));
        copyTree(SitePublisherTest.FIXTURE, dir.resolve("elsewhere"));
        Files.createSymbolicLink(runs.resolve("linked"), dir.resolve("elsewhere"));
        assertThat(LocalRuns.find(List.of(runs)).runs()).isEmpty();
    }

    @Test
    void aNamedFileThatIsNotWhatItsNameSaysIsNotPublishedAndTheRestOfTheRunIs(@TempDir Path dir) throws Exception {
        Path runDir = dir.resolve("run");
        copyTree(SitePublisherTest.FIXTURE, runDir);
        Files.writeString(
                runDir.resolve("steps/isobench_clients-1/rep-1_OK.hlog"),
                "<html><script>window.__xss=1</script></html>");
        Path cut = runDir.resolve("steps/isobench_clients-4/rep-2_OK.hgrm");
        Files.writeString(cut, "<svg onload=alert(1)>");
        Path site = dir.resolve("site");
        PublishedRun run = LocalRuns.read(runDir);
        var stats = new SitePublisher(new LocalDirectoryStore(site), "", Clock.systemUTC()).publish(List.of(run));
        assertThat(publishedFiles(site, run))
                .hasSize(namedFiles().size() - 2)
                .doesNotContain("steps/isobench_clients-1/rep-1_OK.hlog", "steps/isobench_clients-4/rep-2_OK.hgrm");
        assertThat(stats.ignored()).isEqualTo(2);
    }

    @Test
    void aFileOverItsCapRefusesTheRunNamingTheFieldAndTheSize(@TempDir Path dir) throws Exception {
        Path runDir = dir.resolve("run");
        copyTree(SitePublisherTest.FIXTURE, runDir);
        long first = Files.size(runDir.resolve("steps/isobench_clients-1/rep-1_OK.hgrm"));
        long result = Files.size(runDir.resolve("result.json"));
        assertThatThrownBy(() -> LocalRuns.read(runDir, new ReadLimits(result, 1000, 1 << 20)))
                .isInstanceOf(ResultFormatException.class)
                .hasMessageContaining("steps[0].repetitions[0].files.hgrm = 'steps/isobench_clients-1/rep-1_OK.hgrm': ")
                .hasMessageContaining("holds " + first + " bytes, over the cap of 1000 bytes");
        assertThatThrownBy(() -> LocalRuns.read(runDir, new ReadLimits(result - 1, 1 << 20, 1 << 20)))
                .hasMessageContaining("'result.json' in folder ")
                .hasMessageContaining("holds " + result + " bytes, over the cap of " + (result - 1));
        assertThatThrownBy(() -> LocalRuns.read(runDir, new ReadLimits(result, 1 << 20, 20_000)))
                .hasMessageContaining("the histogram files result.json names hold ")
                .hasMessageContaining("over the cap of 20000 bytes for a run");
    }

    @Test
    void filesAResultDoesNotNameAreNotPublishedWhoeverHandsThemOver(@TempDir Path dir) throws Exception {
        PublishedRun read = LocalRuns.read(SitePublisherTest.FIXTURE);
        var files = new java.util.LinkedHashMap<>(read.files());
        files.put("steps/x.html", "<script>window.__xss=1</script>".getBytes(StandardCharsets.UTF_8));
        files.put(
                "steps/isobench_clients-1/rep-1_OK.html",
                "<script>window.__xss=1</script>".getBytes(StandardCharsets.UTF_8));
        var run = new PublishedRun(
                read.key(),
                read.labels(),
                read.nodes(),
                read.phase(),
                read.isolation(),
                null,
                null,
                null,
                read.spec(),
                read.rerunYaml(),
                read.createdAt(),
                read.resultJson(),
                read.result(),
                files,
                0);
        Path site = dir.resolve("site");
        var stats = new SitePublisher(new LocalDirectoryStore(site), "", Clock.systemUTC()).publish(List.of(run));
        assertThat(publishedFiles(site, run)).containsExactlyElementsOf(namedFiles());
        assertThat(stats.ignored()).isEqualTo(2);
    }

    static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
    }
}
