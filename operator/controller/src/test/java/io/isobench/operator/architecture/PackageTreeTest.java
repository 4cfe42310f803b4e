package io.isobench.operator.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The controller's packages form a tree (no package reaches itself through what it uses), so each can be read knowing
 * only those below it; and a class used is named by an import, not written out inline where the package graph hides it.
 * Read from the main sources themselves: imports and inline names in code, comments and strings left out.
 */
class PackageTreeTest {

    private static final String ROOT = "io.isobench.operator";
    private static final Path MAIN = Path.of("src/main/java").toAbsolutePath();
    private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
    private static final Pattern IMPORT =
            Pattern.compile("^import (?:static )?([\\w.]+?)\\.([A-Z]\\w*)[\\w.*]*;", Pattern.MULTILINE);
    /** A qualified class name in code: lower-case package segments, then a capitalised name not preceded by a dot or word. */
    private static final Pattern INLINE = Pattern.compile("(?<![\\w.@])((?:[a-z][a-z0-9_]*\\.)+)([A-Z]\\w*)");

    private static final Pattern COMMENT_OR_STRING =
            Pattern.compile("/\\*.*?\\*/|//[^\\n]*|\"(?:\\\\.|[^\"\\\\])*\"", Pattern.DOTALL);

    /** One main source file: its package, what it imports (package → simple names) and its code without comments and strings. */
    record Source(Path path, String pkg, Map<String, Set<String>> imports, String code) {}

    @Test
    void theControllersPackagesFormNoCycle() {
        Map<String, Map<String, String>> edges = packageEdges(sources());
        assertThat(cycles(edges))
                .as("package cycles (each edge with a file that makes it): %s", edges)
                .isEmpty();
    }

    @Test
    void theResultsAndWorkloadPackagesKnowNothingOfTheReconcile() {
        Map<String, Map<String, String>> edges = packageEdges(sources());
        for (String leaf : List.of("results", "workload", "placement", "config", "uploads", "observability")) {
            assertThat(edges.getOrDefault(ROOT + "." + leaf, Map.of()).keySet())
                    .as("what %s uses", leaf)
                    .noneMatch(p -> p.startsWith(ROOT + ".reconcile") || p.startsWith(ROOT + ".step"));
        }
    }

    /** A name written out in full is allowed only where its simple name is taken by an import or a class of the same package. */
    @Test
    void mainCodeNamesAClassInlineOnlyWhereItsSimpleNameIsTaken() {
        var inline = new ArrayList<String>();
        List<Source> sources = sources();
        for (Source source : sources) {
            Matcher m = INLINE.matcher(source.code());
            while (m.find()) {
                String pkg = m.group(1).substring(0, m.group(1).length() - 1);
                String name = m.group(2);
                boolean taken = source.imports().entrySet().stream()
                                .anyMatch(e ->
                                        !e.getKey().equals(pkg) && e.getValue().contains(name))
                        || !pkg.equals(source.pkg())
                                && sources.stream()
                                        .anyMatch(s -> s.pkg().equals(source.pkg())
                                                && s.path()
                                                        .getFileName()
                                                        .toString()
                                                        .equals(name + ".java"));
                if (!taken) {
                    inline.add(MAIN.relativize(source.path()) + ": " + pkg + "." + name);
                }
            }
        }
        assertThat(inline).as("classes named inline instead of imported").isEmpty();
    }

    static List<Source> sources() {
        try (Stream<Path> files = Files.walk(MAIN)) {
            return files.filter(p -> p.toString().endsWith(".java"))
                    .sorted()
                    .map(PackageTreeTest::read)
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Source read(Path path) {
        try {
            String text = Files.readString(path);
            Matcher pkg = PACKAGE.matcher(text);
            assertThat(pkg.find()).as("%s declares its package", path).isTrue();
            var imports = new TreeMap<String, Set<String>>();
            Matcher m = IMPORT.matcher(text);
            while (m.find()) {
                imports.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(m.group(2));
            }
            String code =
                    COMMENT_OR_STRING.matcher(text).replaceAll("\"\"").replaceAll("(?m)^(package|import) [^;]*;", "");
            return new Source(path, pkg.group(1), imports, code);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Package → packages of the controller it uses → one file that uses it (imports and inline names alike). */
    static Map<String, Map<String, String>> packageEdges(List<Source> sources) {
        Set<String> controller = new TreeSet<>(sources.stream().map(Source::pkg).toList());
        var edges = new TreeMap<String, Map<String, String>>();
        for (Source source : sources) {
            var used = new TreeSet<>(source.imports().keySet());
            Matcher m = INLINE.matcher(source.code());
            while (m.find()) {
                used.add(m.group(1).substring(0, m.group(1).length() - 1));
            }
            for (String pkg : used) {
                if (controller.contains(pkg) && !pkg.equals(source.pkg())) {
                    edges.computeIfAbsent(source.pkg(), k -> new TreeMap<>())
                            .putIfAbsent(pkg, MAIN.relativize(source.path()).toString());
                }
            }
        }
        return edges;
    }

    /** Every package that reaches itself, with the path it takes (a depth-first search from each package). */
    static List<String> cycles(Map<String, Map<String, String>> edges) {
        var found = new ArrayList<String>();
        for (String start : edges.keySet()) {
            shortestPathBack(start, edges).ifPresent(path -> found.add(String.join(" -> ", path)));
        }
        return found;
    }

    private static Optional<List<String>> shortestPathBack(String start, Map<String, Map<String, String>> edges) {
        var queue = new ArrayDeque<List<String>>();
        queue.add(List.of(start));
        var seen = new TreeSet<String>();
        while (!queue.isEmpty()) {
            List<String> path = queue.poll();
            for (String next : edges.getOrDefault(path.getLast(), Map.of()).keySet()) {
                var longer = new ArrayList<>(path);
                longer.add(next);
                if (next.equals(start)) {
                    return Optional.of(longer);
                }
                if (seen.add(next)) {
                    queue.add(longer);
                }
            }
        }
        return Optional.empty();
    }
}
