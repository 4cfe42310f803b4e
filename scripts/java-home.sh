#!/usr/bin/env bash
# Prints the JAVA_HOME of a JDK 25+: $JAVA_HOME if it is one, else /usr/lib/jvm/temurin-25-jdk-amd64,
# else any /usr/lib/jvm/*25* JDK. Says clearly what is missing otherwise (exit 1).
set -euo pipefail
major() { "$1/bin/java" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2; exit}'; }
is_jdk25() { [ -x "$1/bin/javac" ] && [ "$(major "$1")" -ge 25 ] 2>/dev/null; }
for candidate in "${JAVA_HOME:-}" /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/*25*; do
  [ -n "$candidate" ] && [ -d "$candidate" ] && is_jdk25 "$candidate" && { echo "$candidate"; exit 0; }
done
{
  echo "isobench needs a JDK 25 (java and javac) and found none."
  echo "  looked at: JAVA_HOME=${JAVA_HOME:-<unset>}, /usr/lib/jvm/temurin-25-jdk-amd64, /usr/lib/jvm/*25*"
  echo "  fix: install Temurin 25 (https://adoptium.net) and set JAVA_HOME to it."
} >&2
exit 1
