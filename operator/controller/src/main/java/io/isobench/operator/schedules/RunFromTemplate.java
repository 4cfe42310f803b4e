package io.isobench.operator.schedules;

import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.BenchmarkRunSpec;
import io.isobench.operator.api.BenchmarkSchedule;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.ReportSpec;
import io.isobench.operator.schedules.SchedulePlan.RunToCreate;
import java.util.LinkedHashMap;
import java.util.Map;

/** The BenchmarkRun a schedule creates: its template, named for the due time, owned by and labelled with the schedule. */
public final class RunFromTemplate {

    private RunFromTemplate() {}

    public static BenchmarkRun build(BenchmarkSchedule schedule, RunToCreate due) {
        var template = schedule.getSpec().getRunTemplate();
        var labels = new LinkedHashMap<String, String>();
        var annotations = new LinkedHashMap<String, String>();
        if (template.getMetadata() != null) {
            putAll(labels, template.getMetadata().getLabels());
            putAll(annotations, template.getMetadata().getAnnotations());
        }
        // ours win over the template's: history, baselines and the status list go by them
        labels.put(CrdConstants.LABEL_SCHEDULE, schedule.getMetadata().getName());
        annotations.put(
                CrdConstants.ANNOTATION_SCHEDULED_TIME, due.scheduledTime().toString());
        BenchmarkRunSpec spec = Serialization.clone(template.getSpec());
        if (spec.getReport() == null) {
            spec.setReport(new ReportSpec());
        }
        due.baseline().ifPresent(spec.getReport()::setBaseline);
        var run = new BenchmarkRun();
        run.setMetadata(new ObjectMetaBuilder()
                .withName(due.name())
                .withNamespace(schedule.getMetadata().getNamespace())
                .withLabels(labels)
                .withAnnotations(annotations)
                // the API server's garbage collector deletes the runs with their schedule
                .withOwnerReferences(new OwnerReferenceBuilder()
                        .withApiVersion(CrdConstants.API_VERSION)
                        .withKind(CrdConstants.SCHEDULE_KIND)
                        .withName(schedule.getMetadata().getName())
                        .withUid(schedule.getMetadata().getUid())
                        .withController(true)
                        .build())
                .build());
        run.setSpec(spec);
        return run;
    }

    private static void putAll(Map<String, String> into, Map<String, String> from) {
        if (from != null) {
            into.putAll(from);
        }
    }
}
