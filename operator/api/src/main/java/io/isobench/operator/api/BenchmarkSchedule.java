package io.isobench.operator.api;

import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Version;

/** BenchmarkRuns made from a template on a cron schedule, each compared with the previous Succeeded one. */
@Group(CrdConstants.GROUP)
@Version(CrdConstants.VERSION)
@Kind(CrdConstants.SCHEDULE_KIND)
@Plural(CrdConstants.SCHEDULE_PLURAL)
@ShortNames(CrdConstants.SCHEDULE_SHORT_NAME)
@AdditionalPrinterColumn(name = "Schedule", jsonPath = ".spec.schedule", type = AdditionalPrinterColumn.Type.STRING)
@AdditionalPrinterColumn(name = "Suspend", jsonPath = ".spec.suspend", type = AdditionalPrinterColumn.Type.BOOLEAN)
@AdditionalPrinterColumn(name = "Last Run", jsonPath = ".status.lastRun", type = AdditionalPrinterColumn.Type.STRING)
@AdditionalPrinterColumn(
        name = "Last Verdict",
        jsonPath = ".status.lastVerdict",
        type = AdditionalPrinterColumn.Type.STRING)
@AdditionalPrinterColumn(
        name = "Next Run",
        jsonPath = ".status.nextScheduleTime",
        type = AdditionalPrinterColumn.Type.DATE)
@AdditionalPrinterColumn(
        name = "Age",
        jsonPath = ".metadata.creationTimestamp",
        type = AdditionalPrinterColumn.Type.DATE)
// A run is named <schedule>-<minutes since 1970> (9 characters): both stay within a label value's 63 characters.
// metadata is not in the schema: the message names the field itself, the API server's answer names the object
@ValidationRule(
        value = "size(self.metadata.name) <= " + BenchmarkSchedule.MAX_NAME,
        message = "metadata.name: " + BenchmarkSchedule.NAME_RULE)
public class BenchmarkSchedule extends CustomResource<BenchmarkScheduleSpec, BenchmarkScheduleStatus>
        implements Namespaced {

    static final int MAX_NAME = 53;
    static final String NAME_RULE =
            "at most 53: each run is named <schedule>-<minutes since 1970>, which must fit a label value (63)";

    @Override
    protected BenchmarkScheduleStatus initStatus() {
        return new BenchmarkScheduleStatus();
    }
}
