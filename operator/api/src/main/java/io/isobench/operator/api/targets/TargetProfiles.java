package io.isobench.operator.api.targets;

import io.isobench.operator.api.DispatchTargetSpec;
import io.isobench.operator.api.EchoTargetSpec;
import io.isobench.operator.api.HttpMockTargetSpec;
import io.isobench.operator.api.HttpTargetSpec;
import io.isobench.operator.api.IpcTargetSpec;
import io.isobench.operator.api.PluginTargetSpec;
import io.isobench.operator.api.RsocketTargetSpec;
import io.isobench.operator.api.TargetSpec;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The one registry of targets: which field of spec.target each profile belongs to. The only place that asks which of
 * them is set; the CRD's rule that exactly one is set names the same fields (TargetProfilesTest holds them together).
 */
public final class TargetProfiles {

    /** One target: its field of spec.target, its options by default, and how its options become its profile. */
    private record Entry<T>(
            String field, Function<TargetSpec, T> options, Supplier<T> defaults, Function<T, TargetProfile> profile) {

        TargetProfile profileOf(TargetSpec target) {
            return profile.apply(options.apply(target));
        }

        boolean isSet(TargetSpec target) {
            return options.apply(target) != null;
        }
    }

    /** Every target, in the order the CRD lists them. */
    private static final List<Entry<?>> ENTRIES = List.of(
            new Entry<>("dispatch", TargetSpec::getDispatch, DispatchTargetSpec::new, DispatchProfile::new),
            new Entry<>("udpEcho", TargetSpec::getUdpEcho, EchoTargetSpec::new, UdpEchoProfile::new),
            new Entry<>("tcpEcho", TargetSpec::getTcpEcho, EchoTargetSpec::new, TcpEchoProfile::new),
            new Entry<>("rsocket", TargetSpec::getRsocket, RsocketTargetSpec::new, RsocketProfile::new),
            new Entry<>("httpMock", TargetSpec::getHttpMock, HttpMockTargetSpec::new, HttpMockProfile::new),
            // url is required and has no default: this profile's client options need a spec that has one
            new Entry<>("http", TargetSpec::getHttp, HttpTargetSpec::new, HttpProfile::new),
            new Entry<>("ipc", TargetSpec::getIpc, IpcTargetSpec::new, IpcProfile::new),
            // name is required and has no default, as http's url
            new Entry<>("plugin", TargetSpec::getPlugin, PluginTargetSpec::new, PluginProfile::new));

    private TargetProfiles() {}

    /**
     * The profile of the one target that is set.
     *
     * @throws IllegalArgumentException naming spec.target's fields when none or several are set (the CRD rejects both at
     *     admission; this says so for a spec that did not pass through it)
     */
    public static TargetProfile of(TargetSpec target) {
        List<Entry<?>> set = target == null
                ? List.of()
                : ENTRIES.stream().filter(e -> e.isSet(target)).toList();
        if (set.size() != 1) {
            String which = set.isEmpty()
                    ? "none is set"
                    : set.stream().map(Entry::field).toList() + " are set";
            throw new IllegalArgumentException(
                    "spec.target: set exactly one of " + String.join(", ", fields()) + "; " + which);
        }
        return set.getFirst().profileOf(target);
    }

    /** Every target's profile, its options as the CRD defaults them. */
    public static List<TargetProfile> withDefaults() {
        return ENTRIES.stream().map(TargetProfiles::withDefaults).toList();
    }

    private static <T> TargetProfile withDefaults(Entry<T> entry) {
        return entry.profile().apply(entry.defaults().get());
    }

    /** The fields of spec.target, one per target. */
    public static List<String> fields() {
        return ENTRIES.stream().map(Entry::field).toList();
    }
}
