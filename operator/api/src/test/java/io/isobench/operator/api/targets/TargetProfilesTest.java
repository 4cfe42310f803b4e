package io.isobench.operator.api.targets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.generator.annotation.ValidationRule;
import io.isobench.operator.api.DispatchTargetSpec;
import io.isobench.operator.api.EchoTargetSpec;
import io.isobench.operator.api.PluginTargetSpec;
import io.isobench.operator.api.TargetSpec;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The registry holds the targets together: a target added to spec.target, to the CRD's one-of rule or as a profile, and
 * not to the others, fails here.
 */
class TargetProfilesTest {

    @Test
    void everyFieldOfTheTargetSpecHasExactlyOneProfileInTheSameOrder() {
        List<String> fields = targetFields().stream().map(Field::getName).toList();
        assertThat(TargetProfiles.fields())
                .as("the registry (TargetProfiles) against the fields of TargetSpec")
                .containsExactlyElementsOf(fields);
    }

    @Test
    void everyProfileIsMadeByExactlyOneEntryAndNamesARunnerCommandOfItsOwn() throws ReflectiveOperationException {
        var made = new ArrayList<Class<?>>();
        var names = new ArrayList<String>();
        for (Field field : targetFields()) {
            TargetProfile profile = TargetProfiles.of(onlyThis(field));
            made.add(profile.getClass());
            names.add(profile.runnerName());
        }
        assertThat(made)
                .as("the profile each target field gives")
                .doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(
                        leafProfiles(TargetProfile.class).toList());
        assertThat(names).as("runner sub-commands").doesNotHaveDuplicates().allMatch(n -> n.matches("[a-z][a-z-]*"));
    }

    @Test
    void theCrdsRuleThatExactlyOneIsSetNamesEveryTargetAndNoOther() {
        ValidationRule rule = TargetSpec.class.getAnnotation(ValidationRule.class);
        var inRule = Pattern.compile("has\\(self\\.(\\w+)\\)")
                .matcher(rule.value())
                .results()
                .map(m -> m.group(1))
                .toList();
        assertThat(inRule).as("the CEL rule on TargetSpec").containsExactlyElementsOf(TargetProfiles.fields());
        assertThat(rule.message()).isEqualTo("set exactly one of " + String.join(", ", TargetProfiles.fields()));
    }

    @Test
    void aPluginMayNotTakeTheNameOfAnyBuiltInTarget() {
        List<String> builtIn = TargetProfiles.withDefaults().stream()
                .filter(p -> !(p instanceof PluginProfile))
                .map(TargetProfile::runnerName)
                .toList();
        List<String> refused = Pattern.compile("'([a-z-]+)'")
                .matcher(PluginTargetSpec.BUILT_IN)
                .results()
                .map(m -> m.group(1))
                .toList();
        assertThat(refused)
                .as("the CRD's list of names a plugin may not take (PluginTargetSpec.BUILT_IN)")
                .containsExactlyElementsOf(builtIn);
    }

    @Test
    void aPluginIsRunByNameWithItsOptionsInKeyOrderAndNamedByItsOwnName() {
        var spec = new PluginTargetSpec();
        spec.setName("order-codec");
        var options = new LinkedHashMap<String, String>();
        options.put("size", "256");
        options.put("format", "sbe v2");
        spec.setOptions(options);
        var target = new TargetSpec();
        target.setPlugin(spec);

        TargetProfile profile = TargetProfiles.of(target);

        assertThat(profile.runnerName()).isEqualTo("plugin");
        assertThat(profile.targetName()).isEqualTo("order-codec");
        assertThat(profile.clientOptions())
                .containsExactly("--name", "order-codec", "--option", "format=sbe v2", "--option", "size=256");
        assertThat(profile.server()).isEmpty();
        assertThat(profile.externalServer()).isEmpty();
    }

    @Test
    void everyBuiltInTargetIsNamedByItsRunnerSubCommand() {
        for (TargetProfile profile : TargetProfiles.withDefaults()) {
            if (!(profile instanceof PluginProfile)) {
                assertThat(profile.targetName()).isEqualTo(profile.runnerName());
            }
        }
    }

    @Test
    void noTargetSetIsRefusedNamingTheFieldAndEveryChoice() {
        assertThatThrownBy(() -> TargetProfiles.of(new TargetSpec()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "spec.target: set exactly one of dispatch, udpEcho, tcpEcho, rsocket, httpMock, http, ipc, plugin; none is set");
        assertThatThrownBy(() -> TargetProfiles.of(null)).hasMessageEndingWith("; none is set");
    }

    @Test
    void twoTargetsSetAreRefusedNamingBoth() {
        var target = new TargetSpec();
        target.setDispatch(new DispatchTargetSpec());
        target.setTcpEcho(new EchoTargetSpec());
        assertThatThrownBy(() -> TargetProfiles.of(target))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "spec.target: set exactly one of dispatch, udpEcho, tcpEcho, rsocket, httpMock, http, ipc, plugin; "
                                + "[dispatch, tcpEcho] are set");
    }

    @Test
    void aServerIsRequiredOnlyOfAClientServerTarget() {
        var target = new TargetSpec();
        target.setDispatch(new DispatchTargetSpec());
        assertThatThrownBy(() -> TargetProfiles.of(target).requireServer())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("target dispatch has no server");
        var echo = new TargetSpec();
        echo.setUdpEcho(new EchoTargetSpec());
        assertThat(TargetProfiles.of(echo).requireServer()).isEqualTo(new NetworkServer("UDP", 7000, List.of(), 1));
    }

    /** The instance fields of TargetSpec: one per target. */
    static List<Field> targetFields() {
        return Arrays.stream(TargetSpec.class.getDeclaredFields())
                .filter(f -> !Modifier.isStatic(f.getModifiers()))
                .toList();
    }

    /** A TargetSpec with only this field set, to its options' defaults. */
    private static TargetSpec onlyThis(Field field) throws ReflectiveOperationException {
        var target = new TargetSpec();
        field.setAccessible(true);
        field.set(target, field.getType().getConstructor().newInstance());
        return target;
    }

    /** The concrete profiles: the sealed hierarchy's leaves. */
    private static Stream<Class<?>> leafProfiles(Class<?> type) {
        return type.isSealed()
                ? Arrays.stream(type.getPermittedSubclasses()).flatMap(TargetProfilesTest::leafProfiles)
                : Stream.of(type);
    }
}
