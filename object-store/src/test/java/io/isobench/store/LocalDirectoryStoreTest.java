package io.isobench.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A folder store never reads through a symbolic link: a link to /etc/passwd or to another run's folder is no object. */
class LocalDirectoryStoreTest {

    @Test
    void symbolicLinksBelowTheRootAreNotFollowed(@TempDir Path dir) throws Exception {
        Path root = Files.createDirectories(dir.resolve("run"));
        Path other = Files.createDirectories(dir.resolve("other/steps"));
        Files.writeString(other.resolve("rep-1_OK.hgrm"), "another run's table");
        Files.createDirectories(root.resolve("steps/a"));
        Files.writeString(root.resolve("steps/a/rep-1_OK.hgrm"), "own");
        Files.createSymbolicLink(root.resolve("steps/a/passwd.hgrm"), Path.of("/etc/passwd"));
        Files.createSymbolicLink(root.resolve("steps/b"), other);
        var store = new LocalDirectoryStore(root);

        assertThat(store.get("steps/a/rep-1_OK.hgrm"))
                .hasValueSatisfying(
                        b -> assertThat(new String(b, StandardCharsets.UTF_8)).isEqualTo("own"));
        assertThat(store.get("steps/a/passwd.hgrm")).isEmpty();
        assertThat(store.stat("steps/a/passwd.hgrm")).isEmpty();
        assertThat(store.open("steps/a/passwd.hgrm")).isEmpty();
        assertThat(store.get("steps/b/rep-1_OK.hgrm"))
                .as("through a linked folder")
                .isEmpty();
        assertThat(store.list("")).extracting(ObjectInfo::key).containsExactly("steps/a/rep-1_OK.hgrm");
        assertThat(store.list("steps/b/")).isEmpty();
    }

    @Test
    void aRootThatIsALinkIsTheCallersChoice(@TempDir Path dir) throws Exception {
        Path real = Files.createDirectories(dir.resolve("real"));
        Files.writeString(real.resolve("result.json"), "{}");
        Path link = Files.createSymbolicLink(dir.resolve("link"), real);
        assertThat(new LocalDirectoryStore(link).get("result.json")).isPresent();
    }

    /**
     * A folder is made when a write finds it missing (not checked before every write): into a new nested folder, beside
     * an existing file, over an object; a file to copy that is gone fails naming the key, and makes no folder.
     */
    @Test
    void writesMakeTheFoldersTheyFindMissingAndNothingElse(@TempDir Path dir) throws Exception {
        var store = new LocalDirectoryStore(dir.resolve("site"));

        store.put("data/runs/a/b/steps/s1/rep-1_OK.hgrm", bytes("one"), ContentTypes.TEXT);
        store.put("data/runs/a/b/steps/s1/rep-2_OK.hgrm", bytes("two"), ContentTypes.TEXT);
        store.put("data/runs/a/b/steps/s1/rep-1_OK.hgrm", bytes("one again"), ContentTypes.TEXT);

        assertThat(store.list("data/runs/a/b/"))
                .extracting(ObjectInfo::key)
                .containsExactly("data/runs/a/b/steps/s1/rep-1_OK.hgrm", "data/runs/a/b/steps/s1/rep-2_OK.hgrm");
        assertThat(store.get("data/runs/a/b/steps/s1/rep-1_OK.hgrm")).hasValue(bytes("one again"));

        Path gone = dir.resolve("gone.hlog");
        assertThatThrownBy(() -> store.putFile("data/runs/c/steps/rep-1_OK.hlog", gone, ContentTypes.TEXT))
                .isInstanceOf(ObjectStoreException.class)
                .hasMessageContaining("'data/runs/c/steps/rep-1_OK.hlog'")
                .hasMessageContaining(gone.toString());
        assertThat(dir.resolve("site/data/runs/c")).doesNotExist();
        try (var files = Files.walk(dir.resolve("site"))) {
            assertThat(files.map(Path::toString)).noneMatch(f -> f.contains(".isobench-tmp-"));
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
