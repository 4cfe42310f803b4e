package io.isobench.runner.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Converts an option's word to the enum constant it names, so a command reads a typed choice instead of switching on strings.
 * A word outside the list is refused with the words it takes; {@link RunnerMain} puts the option and the value in front.
 */
abstract class OptionWords<E extends Enum<E>> implements ITypeConverter<E> {

    private final Map<String, E> words;

    /** Each constant's lower-case name is its word; the refusal lists them in declaration order. */
    OptionWords(Class<E> type) {
        this.words = new LinkedHashMap<>();
        for (E constant : type.getEnumConstants()) {
            words.put(word(constant), constant);
        }
    }

    @Override
    public E convert(String value) {
        E choice = words.get(value.strip().toLowerCase(Locale.ROOT));
        if (choice == null) {
            throw new TypeConversionException("use " + inWords(List.copyOf(words.keySet())));
        }
        return choice;
    }

    /** The word for {@code choice} as a user writes it (for result.json's config and a forked child's arguments). */
    static String word(Enum<?> choice) {
        return choice.name().toLowerCase(Locale.ROOT);
    }

    /** "a or b", "a, b or c". */
    private static String inWords(List<String> words) {
        List<String> head = new ArrayList<>(words.subList(0, words.size() - 1));
        return head.isEmpty() ? words.getFirst() : String.join(", ", head) + " or " + words.getLast();
    }
}
