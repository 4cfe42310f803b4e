package io.isobench.result;

import java.util.List;

/** The lists of a result as read from an upload: absent is empty, and a null entry is refused naming where it is. */
final class ResultLists {

    private ResultLists() {}

    static <T> List<T> of(String field, List<T> list) {
        if (list == null) {
            return List.of();
        }
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i) == null) {
                throw new IllegalArgumentException(field + "[" + i + "] is null");
            }
        }
        return List.copyOf(list);
    }
}
