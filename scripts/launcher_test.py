#!/usr/bin/env python3
"""Tests of runner-image/bin/isobench-runner, the runner's launcher (the container entrypoint of runner-image/Dockerfile
and the local command), with a stand-in java that writes down how it was started: which Java it accepts, read from the
runtime's release file or else asked of the JVM, and when it names the class-data archive beside the jar
(images/runner-cds.sh) — only while the archive is newer than the jar, before the user's JAVA_OPTS."""
import os
import pathlib
import subprocess
import tempfile
import unittest

LAUNCHER = pathlib.Path(__file__).resolve().parent.parent / "runner-image" / "bin" / "isobench-runner"

# answers the launcher's question the way a JVM of SPEC_VERSION does, and writes every other start's arguments down
FAKE_JAVA = """#!/bin/sh
if [ "$1" = -XshowSettings:properties ]; then
  echo "asked" >> "$(dirname "$0")/asked"
  echo "    java.specification.version = ${SPEC_VERSION:-25}" >&2
  exit 0
fi
for a in "$@"; do echo "$a"; done > "$(dirname "$0")/started"
"""


class LauncherTest(unittest.TestCase):

    def setUp(self):
        self.dir = pathlib.Path(tempfile.mkdtemp())
        self.home = self.dir / "jdk"
        (self.home / "bin").mkdir(parents=True)
        java = self.home / "bin" / "java"
        java.write_text(FAKE_JAVA)
        java.chmod(0o755)
        self.jar = self.dir / "isobench-runner.jar"
        self.jar.write_text("jar")
        self.archive = self.dir / "isobench-runner.jsa"

    def tearDown(self):
        subprocess.run(["rm", "-rf", str(self.dir)], check=True)

    def release(self, version):
        (self.home / "release").write_text(f'IMPLEMENTOR="Eclipse Adoptium"\nJAVA_VERSION="{version}"\n')

    def launch(self, java_opts="", spec_version="25"):
        env = {"PATH": os.environ["PATH"], "JAVA_HOME": str(self.home), "ISOBENCH_RUNNER_JAR": str(self.jar),
               "JAVA_OPTS": java_opts, "SPEC_VERSION": spec_version}
        run = subprocess.run([str(LAUNCHER), "--version"], env=env, capture_output=True, text=True, timeout=30)
        started = self.home / "bin" / "started"
        return run, started.read_text().splitlines() if started.exists() else None

    def asked(self):
        return (self.home / "bin" / "asked").exists()

    def archive_made(self, seconds_after_the_jar):
        self.archive.write_text("archive")
        jar_time = self.jar.stat().st_mtime
        os.utime(self.archive, (jar_time + seconds_after_the_jar, jar_time + seconds_after_the_jar))

    def test_the_release_file_says_the_version_and_no_jvm_is_started_to_ask(self):
        self.release("25.0.3")
        run, started = self.launch()
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertFalse(self.asked(), "a JVM was started to ask its version")
        self.assertEqual(started[-2:], ["io.isobench.runner.cli.RunnerMain", "--version"])

    def test_an_older_java_in_the_release_file_is_refused_naming_it(self):
        for version, major in (("21.0.2", "21"), ("1.8.0_392", "8")):
            with self.subTest(version=version):
                self.release(version)
                run, started = self.launch()
                self.assertEqual(run.returncode, 3)
                self.assertIn(f"needs Java 25+, but {self.home}/bin/java is {major}", run.stderr)
                self.assertIsNone(started)

    def test_without_a_release_file_the_jvm_is_asked(self):
        run, started = self.launch()
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertTrue(self.asked())
        self.assertIsNotNone(started)
        run, _ = self.launch(spec_version="21")
        self.assertEqual(run.returncode, 3)
        self.assertIn("needs Java 25+", run.stderr)

    def test_an_archive_newer_than_the_jar_is_named_before_the_users_options(self):
        self.release("25.0.3")
        self.archive_made(seconds_after_the_jar=5)
        _, started = self.launch(java_opts="-Xlog:cds -Xshare:off")
        flag = f"-XX:SharedArchiveFile={self.archive}"
        self.assertIn(flag, started)
        self.assertIn("-Xlog:cds=off,cds+dynamic=off,aot=off", started)
        self.assertLess(started.index(flag), started.index("-Xshare:off"), "the user's options come last and win")
        self.assertLess(started.index("-Xlog:cds=off,cds+dynamic=off,aot=off"), started.index("-Xlog:cds"))

    def test_an_archive_older_than_the_jar_or_none_is_not_named(self):
        self.release("25.0.3")
        _, started = self.launch()
        self.assertFalse([a for a in started if "SharedArchiveFile" in a], "no archive")
        self.archive_made(seconds_after_the_jar=-5)  # the jar was built again after it: the JVM would refuse it
        _, started = self.launch()
        self.assertFalse([a for a in started if "SharedArchiveFile" in a], "a stale archive")


if __name__ == "__main__":
    unittest.main()
