package io.isobench.operator.api.targets;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.operator.api.HttpTargetSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HttpProfileTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "http://orders.team-a.svc/orders?q=1, orders.team-a.svc:80",
        "https://orders.team-a.svc, orders.team-a.svc:443",
        "http://10.96.0.12:8080/, 10.96.0.12:8080",
        "https://[fd00::12]:8443/x, [fd00::12]:8443"
    })
    void theUrlsHostAndPortAreTheExternalServerAndNoServerIsOurs(String url, String hostPort) {
        var options = new HttpTargetSpec();
        options.setUrl(url);
        var profile = new HttpProfile(options);

        assertThat(profile.externalServer())
                .as("status.isolation.externalServer")
                .contains(hostPort);
        assertThat(profile.server()).as("no server of ours").isEmpty();
        assertThat(profile.endpoint())
                .as("no --server-address: the url names the server")
                .isEmpty();
    }
}
