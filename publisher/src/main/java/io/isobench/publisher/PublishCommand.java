package io.isobench.publisher;

import io.isobench.store.BucketLayout;
import io.isobench.store.LocalDirectoryStore;
import io.isobench.store.MinioObjectStore;
import io.isobench.store.ObjectStore;
import io.isobench.store.StoreConfig;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** isobench-publish: local run directories → the report site in a folder or a bucket. */
@Command(
        name = "isobench-publish",
        mixinStandardHelpOptions = true,
        description =
                "Publish runner output as the report site (docs/site-data.md) into a folder or an S3/MinIO bucket's site/ prefix.",
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {
            "0:every run published",
            "1:nothing published: the site could not be written (the message says why)",
            "2:bad usage: an option or its value (named)",
            "3:the publisher's jar or a Java runtime is missing (the launcher says which)",
            "4:the readable runs published; a run that could not be read was skipped, each named on stderr"
        })
public final class PublishCommand implements Callable<Integer> {

    /** The readable runs were published; at least one run could not be read and was skipped (each named on stderr). */
    public static final int EXIT_RUNS_SKIPPED = 4;

    @Option(
            names = "--from",
            required = true,
            split = ",",
            paramLabel = "DIR",
            description = "Run directories, or folders of them.")
    List<Path> from;

    @Option(
            names = "--to",
            required = true,
            paramLabel = "DIR|s3://BUCKET",
            description = "A folder (the site's root) or s3://bucket (its site/ prefix).")
    String to;

    @Option(
            names = "--endpoint",
            paramLabel = "URL",
            description = "S3/MinIO endpoint for --to s3://… (credentials: ISOBENCH_STORE_ACCESS_KEY / _SECRET_KEY).")
    String endpoint;

    @Option(
            names = "--site-bundle",
            paramLabel = "DIR",
            description =
                    "The prebuilt site (reports-site/dist) to copy beside the data; skipped with a warning when absent.")
    Path bundle;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(new CommandLine(new PublishCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        LocalRuns.Found found;
        try {
            found = LocalRuns.find(from);
        } catch (IllegalArgumentException e) {
            err.println("isobench-publish: " + e.getMessage());
            return 2;
        }
        found.skipped().forEach(why -> err.println("isobench-publish: skipped " + why));
        try (ObjectStore store = open(err)) {
            if (store == null) {
                return 2;
            }
            var publisher =
                    new SitePublisher(store, to.startsWith("s3://") ? BucketLayout.SITE_PREFIX : "", Clock.systemUTC());
            if (bundle != null && Files.isDirectory(bundle)) {
                publisher.copyBundle(bundle);
            } else {
                err.println("isobench-publish: warning: no site bundle at " + bundle
                        + " (make site-build); publishing the data only");
            }
            var stats = publisher.publish(found.runs());
            if (to.startsWith("s3://")) {
                store.allowAnonymousRead(BucketLayout.SITE_PREFIX);
            }
            out.println("published " + stats.runs() + " run(s) to " + store.describe() + ": " + stats.written()
                    + " object(s) written ("
                    + stats.bytesWritten() + " bytes), " + stats.unchanged() + " unchanged, " + stats.ignored()
                    + " file(s) of the runs left out (not a valid .hgrm/.hlog that result.json names)"
                    + (found.skipped().isEmpty()
                            ? ""
                            : "; skipped " + found.skipped().size()
                                    + " run(s) that could not be read (each named on stderr)"));
            return found.skipped().isEmpty() ? 0 : EXIT_RUNS_SKIPPED;
        }
    }

    private ObjectStore open(PrintWriter err) {
        if (!to.startsWith("s3://")) {
            return new LocalDirectoryStore(Path.of(to));
        }
        if (endpoint == null) {
            err.println("isobench-publish: --to '" + to + "': needs --endpoint");
            return null;
        }
        String access = System.getenv("ISOBENCH_STORE_ACCESS_KEY");
        String secret = System.getenv("ISOBENCH_STORE_SECRET_KEY");
        if (access == null || secret == null) {
            err.println(
                    "isobench-publish: --to '" + to + "': set ISOBENCH_STORE_ACCESS_KEY and ISOBENCH_STORE_SECRET_KEY");
            return null;
        }
        URI uri = StoreConfig.parseEndpoint(endpoint);
        return new MinioObjectStore(new StoreConfig(
                        uri, to.substring("s3://".length()).replaceAll("/+$", ""), access, secret, null))
                .ensureBucket();
    }
}
