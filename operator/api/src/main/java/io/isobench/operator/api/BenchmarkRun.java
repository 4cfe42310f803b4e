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

/** One isolated, CPU-pinned benchmark run of one target, from apply to published results. */
@Group(CrdConstants.GROUP)
@Version(CrdConstants.VERSION)
@Kind(CrdConstants.KIND)
@Plural(CrdConstants.PLURAL)
@ShortNames(CrdConstants.SHORT_NAME)
@AdditionalPrinterColumn(name = "Phase", jsonPath = ".status.phase", type = AdditionalPrinterColumn.Type.STRING)
@AdditionalPrinterColumn(name = "Target", jsonPath = ".status.target", type = AdditionalPrinterColumn.Type.STRING)
@AdditionalPrinterColumn(name = "Node", jsonPath = ".status.node", type = AdditionalPrinterColumn.Type.STRING)
@AdditionalPrinterColumn(name = "P50", jsonPath = ".status.summary.p50", type = AdditionalPrinterColumn.Type.STRING)
@AdditionalPrinterColumn(name = "P99", jsonPath = ".status.summary.p99", type = AdditionalPrinterColumn.Type.STRING)
@AdditionalPrinterColumn(
        name = "Regressed",
        jsonPath = ".status.conditions[?(@.type==\"Regressed\")].status",
        type = AdditionalPrinterColumn.Type.STRING)
@AdditionalPrinterColumn(
        name = "Age",
        jsonPath = ".metadata.creationTimestamp",
        type = AdditionalPrinterColumn.Type.DATE)
// On the run, not on BenchmarkRunSpec: a BenchmarkSchedule's runTemplate.spec is a BenchmarkRunSpec and stays editable.
@ValidationRule(
        value = "self.spec == oldSelf.spec",
        fieldPath = ".spec",
        message = "spec is immutable: create a new BenchmarkRun to run with other settings")
public class BenchmarkRun extends CustomResource<BenchmarkRunSpec, BenchmarkRunStatus> implements Namespaced {

    @Override
    protected BenchmarkRunStatus initStatus() {
        return new BenchmarkRunStatus();
    }
}
