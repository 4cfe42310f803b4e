package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;

/**
 * A toleration of the runner pods, checked at admission as the API server checks a pod's (so a bad one fails the run
 * when it is applied, not when its Job is created), and narrower: it names its taint, so no run tolerates every taint
 * an administrator put on a node.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@ValidationRule(
        value = "self.operator != 'Exists' || !has(self.value) || self.value == ''",
        fieldPath = ".value",
        message = "must be empty with operator Exists",
        messageExpression = "'is ' + self.value + ': must be empty with operator Exists'")
@ValidationRule(
        value = "!has(self.tolerationSeconds) || (has(self.effect) && self.effect == 'NoExecute')",
        fieldPath = ".tolerationSeconds",
        message = "only with effect NoExecute (how long the pod stays once the taint appears)")
public class RunnerToleration {

    public enum Operator {
        /** The taint's value must equal {@code value}. */
        Equal,
        /** Any value of the taint's key. */
        Exists
    }

    public enum Effect {
        NoSchedule,
        PreferNoSchedule,
        NoExecute
    }

    @Required
    @Size(max = 316)
    @Pattern(
            "^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$")
    @JsonPropertyDescription(
            "Taint key (a label key, e.g. example.com/gpu). Required: a toleration of every taint is refused.")
    private String key;

    @Default("Equal")
    @JsonPropertyDescription("Equal: the taint's value must equal value. Exists: any value.")
    private Operator operator = Operator.Equal;

    @Size(max = 63)
    @Pattern("^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$")
    @JsonPropertyDescription("Taint value (a label value) for operator Equal; empty for Exists.")
    private String value;

    @JsonPropertyDescription("Taint effect to tolerate; empty: every effect of that key.")
    private Effect effect;

    @Min(0)
    @JsonPropertyDescription(
            "With effect NoExecute: seconds the pod stays bound after the taint appears; empty: for ever.")
    private Long tolerationSeconds;

    public String getKey() {
        return key;
    }

    public void setKey(String key) {
        this.key = key;
    }

    public Operator getOperator() {
        return operator;
    }

    public void setOperator(Operator operator) {
        this.operator = operator;
    }

    public String getValue() {
        return value;
    }

    public void setValue(String value) {
        this.value = value;
    }

    public Effect getEffect() {
        return effect;
    }

    public void setEffect(Effect effect) {
        this.effect = effect;
    }

    public Long getTolerationSeconds() {
        return tolerationSeconds;
    }

    public void setTolerationSeconds(Long tolerationSeconds) {
        this.tolerationSeconds = tolerationSeconds;
    }
}
