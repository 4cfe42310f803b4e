package io.isobench.result;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The JSON name an enum constant carries in its {@link JsonProperty}, for reports that print it. */
final class JsonNames {

    private JsonNames() {}

    static String of(Enum<?> constant) {
        try {
            JsonProperty property =
                    constant.getDeclaringClass().getField(constant.name()).getAnnotation(JsonProperty.class);
            return property == null ? constant.name() : property.value();
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException(e);
        }
    }
}
