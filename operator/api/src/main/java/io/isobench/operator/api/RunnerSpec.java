package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.List;

/**
 * The runner container. Its author is not trusted: what they set here must not run code of their own in the runner
 * (JVM options that run commands or load agents, variables the JVM, the dynamic loader or the launcher script read),
 * and neither env values nor JVM options are ever published to the report site. The image is checked against the
 * installation's allowlist by the chart's ValidatingAdmissionPolicy (a CRD cannot hold a chart value).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class RunnerSpec {

    /** A JVM option as the java launcher reads it from JDK_JAVA_OPTIONS: split at whitespace, quotes removed. */
    static final String NOT_ONE_TOKEN =
            "!o.matches('^-[[:graph:]]+$')" + " || o.contains('\"') || o.contains(\"'\") || o.contains('\\\\')";

    static final String ONE_TOKEN_MESSAGE =
            "each JVM option is one token that must start with '-': printable ASCII without spaces, "
                    + "quotes or backslashes (the java launcher splits JDK_JAVA_OPTIONS at whitespace and strips quotes; an @argfile would "
                    + "read more options)";
    /** Options that run commands, load agents or native code, replace JDK classes or read more options from a file. */
    static final String RUNS_CODE = "o.startsWith('-XX:On') || o.startsWith('-javaagent') || o.startsWith('-agentpath')"
            + " || o.startsWith('-agentlib') || o.startsWith('-Xrun') || o.startsWith('-Xbootclasspath')"
            + " || o.startsWith('-XX:Flags=') || o.startsWith('-XX:VMOptionsFile=')";

    static final String RUNS_CODE_MESSAGE =
            "JVM options that run commands (-XX:OnError, -XX:OnOutOfMemoryError), load agents or "
                    + "native code (-javaagent, -agentpath, -agentlib, -Xrun), replace JDK classes (-Xbootclasspath) or read options from a "
                    + "file (-XX:Flags, -XX:VMOptionsFile) are refused";
    /** Variables read by the JVM, the dynamic loader, the runner's launcher script (and the shell running it), or the operator. */
    private static final String RESERVED_ENV =
            "e.name in ['JAVA_TOOL_OPTIONS', 'JDK_JAVA_OPTIONS', '_JAVA_OPTIONS', 'JAVA_OPTS',"
                    + " 'JAVA_HOME', 'PATH', 'BASH_ENV', 'ENV', 'SHELLOPTS', 'BASHOPTS', 'PS4']"
                    + " || e.name.startsWith('LD_') || e.name.startsWith('ISOBENCH_')";

    static final String RESERVED_ENV_MESSAGE =
            "JAVA_TOOL_OPTIONS, JDK_JAVA_OPTIONS, _JAVA_OPTIONS and JAVA_OPTS would pass JVM "
                    + "options around the jvmOptions rules, LD_* steers the dynamic loader, JAVA_HOME, PATH, BASH_ENV, ENV, SHELLOPTS, "
                    + "BASHOPTS and PS4 steer what the launcher script runs, and names starting with ISOBENCH_ are reserved for the operator";

    @Pattern("^[A-Za-z0-9][A-Za-z0-9._/:@-]{0,254}$")
    @JsonPropertyDescription(
            "Runner image override; default: the operator's configured runner image. Only images the "
                    + "installation allows (chart value admission.allowedRunnerImages, default the chart's runner image) are admitted.")
    private String image;

    // The messages name the first offending option: formatting the whole filtered list is beyond CEL's cost budget.
    @Size(max = 32)
    @ValidationRule(
            value = "self.all(o, !(" + NOT_ONE_TOKEN + "))",
            message = ONE_TOKEN_MESSAGE,
            messageExpression =
                    "\"" + ONE_TOKEN_MESSAGE + "; refused: %s\".format([self.filter(o, " + NOT_ONE_TOKEN + ")[0]])")
    @ValidationRule(
            value = "self.all(o, !(" + RUNS_CODE + "))",
            message = RUNS_CODE_MESSAGE,
            messageExpression =
                    "\"refused: %s: " + RUNS_CODE_MESSAGE + "\".format([self.filter(o, " + RUNS_CODE + ")[0]])")
    @JsonPropertyDescription(
            "Extra JVM options for the runner (passed as JDK_JAVA_OPTIONS), e.g. [\"-XX:+UseZGC\"]. Each is one "
                    + "token; options that run commands, load agents or native code, replace JDK classes or read options from a file are "
                    + "refused. Never published to the report site (nor recorded in result.json).")
    private List<@Size(max = 256) String> jvmOptions;

    @Size(max = 32)
    @ValidationRule(
            value = "self.all(e, !(" + RESERVED_ENV + "))",
            message = RESERVED_ENV_MESSAGE,
            messageExpression =
                    "\"sets %s: " + RESERVED_ENV_MESSAGE + "\".format([self.filter(e, " + RESERVED_ENV + ")[0].name])")
    @ValidationRule(
            value = "self.all(e, self.filter(x, x.name == e.name).size() == 1)",
            message = "must not set a variable twice")
    @JsonPropertyDescription(
            "Extra environment variables for the runner container. Names the JVM, the dynamic loader, the launcher "
                    + "script or the operator read are refused. Values are never published to the report site.")
    private List<EnvEntry> env;

    public String getImage() {
        return image;
    }

    public void setImage(String image) {
        this.image = image;
    }

    public List<String> getJvmOptions() {
        return jvmOptions;
    }

    public void setJvmOptions(List<String> jvmOptions) {
        this.jvmOptions = jvmOptions;
    }

    public List<EnvEntry> getEnv() {
        return env;
    }

    public void setEnv(List<EnvEntry> env) {
        this.env = env;
    }
}
