#!/usr/bin/env python3
"""Tests of mutation.py, the mutation gate's judge: run first by the gate, so a broken judge never passes it."""
import json
import os
import tempfile
import unittest
from contextlib import redirect_stdout
from io import StringIO

import mutation

JAVA = """package io.x;

final class Verdict {
    static boolean ok(int rate, int floor) {
        return rate >= floor;
    }
}
"""

TS = """export const CONFIDENCE = 0.95;
export function faster(high: number): boolean {
  return high < 1;
}
"""


def pit_report(module, *mutations):
    os.makedirs(os.path.join(module, 'src/main/java/io/x'))
    with open(os.path.join(module, 'src/main/java/io/x/Verdict.java'), 'w') as f:
        f.write(JAVA)
    os.makedirs(os.path.join(module, 'target/pit-reports'))
    rows = ''.join('<mutation detected="%s" status="%s"><sourceFile>Verdict.java</sourceFile><mutatedClass>io.x.Verdict'
                   '</mutatedClass><mutatedMethod>ok</mutatedMethod><lineNumber>%d</lineNumber><mutator>org.pitest.mutationtest.'
                   'engine.gregor.mutators.%s</mutator><description>%s</description></mutation>'
                   % (str(s == 'KILLED').lower(), s, line, mutator, d) for s, line, mutator, d in mutations)
    path = os.path.join(module, 'target/pit-reports/mutations.xml')
    with open(path, 'w') as f:
        f.write('<?xml version="1.0"?><mutations>%s</mutations>' % rows)
    return path


def stryker_report(project, *mutants):
    os.makedirs(os.path.join(project, 'reports/mutation'))
    report = {'schemaVersion': '2', 'thresholds': {'high': 80, 'low': 60}, 'files': {'src/stats/bootstrap.ts': {
        'language': 'typescript', 'source': TS, 'mutants': [
            {'id': str(i), 'mutatorName': name, 'replacement': r, 'status': s,
             'location': {'start': {'line': line, 'column': 1}, 'end': {'line': line, 'column': 9}}}
            for i, (s, line, name, r) in enumerate(mutants)]}}}
    path = os.path.join(project, 'reports/mutation/mutation.json')
    with open(path, 'w') as f:
        json.dump(report, f)
    return path


class MutationGateTest(unittest.TestCase):

    def setUp(self):
        self.root = tempfile.mkdtemp()
        self.cwd = os.getcwd()
        os.chdir(self.root)
        self.pit = pit_report(os.path.join(self.root, 'verdicts'),
                              ('KILLED', 5, 'NegateConditionalsMutator', 'negated conditional'),
                              ('SURVIVED', 5, 'ConditionalsBoundaryMutator', 'changed conditional boundary'))
        self.site = stryker_report(os.path.join(self.root, 'site'),
                                   ('Killed', 3, 'EqualityOperator', 'high <= 1'),
                                   ('Survived', 1, 'ArithmeticOperator', '0.1'),
                                   ('NoCoverage', 3, 'BooleanLiteral', 'true'))

    def tearDown(self):
        os.chdir(self.cwd)

    def explained(self, *lines):
        path = os.path.join(self.root, 'explained.txt')
        with open(path, 'w') as f:
            f.write('# header\n\n' + ''.join(line + '\n' for line in lines))
        return path

    def gate(self, *args):
        out = StringIO()
        with redirect_stdout(out):
            code = mutation.main(list(args))
        return code, out.getvalue()

    def test_an_unexplained_survivor_fails_the_gate_naming_file_line_and_the_entry_to_write(self):
        code, out = self.gate('check', self.pit, '--explained', self.explained())
        self.assertEqual(code, 1)
        self.assertIn('verdicts/src/main/java/io/x/Verdict.java:5 SURVIVED (ConditionalsBoundaryMutator)', out)
        self.assertIn('verdicts/src/main/java/io/x/Verdict.java | ConditionalsBoundaryMutator | return rate >= floor; | WHY', out)
        self.assertIn('2 mutants, 1 survived, 0 explained, 1 unexplained', out)

    def test_an_explained_survivor_passes_and_a_moved_line_still_matches(self):
        entry = 'verdicts/src/main/java/io/x/Verdict.java | ConditionalsBoundaryMutator | return rate >= floor; | equivalent: x'
        self.assertEqual(self.gate('check', self.pit, '--explained', self.explained(entry))[0], 0)
        with open(os.path.join(self.root, 'verdicts/src/main/java/io/x/Verdict.java'), 'w') as f:
            f.write('\n\n' + JAVA)  # the mutated line moved down; the report says line 7 now
        moved = pit_report(os.path.join(self.root, 'moved'), ('SURVIVED', 7, 'ConditionalsBoundaryMutator', 'boundary'))
        with open(os.path.join(self.root, 'moved/src/main/java/io/x/Verdict.java'), 'w') as f:
            f.write('\n\n' + JAVA)
        entry = entry.replace('verdicts/', 'moved/')
        self.assertEqual(self.gate('check', moved, '--explained', self.explained(entry))[0], 0)

    def test_site_survivors_and_mutants_no_test_covers_fail_the_gate(self):
        code, out = self.gate('check', self.site, '--explained', self.explained())
        self.assertEqual(code, 1)
        self.assertIn('site/src/stats/bootstrap.ts:1 Survived (ArithmeticOperator)', out)
        self.assertIn('site/src/stats/bootstrap.ts:3 NoCoverage (BooleanLiteral)', out)
        self.assertIn('site/src/stats/bootstrap.ts | ArithmeticOperator | export const CONFIDENCE = 0.95; | WHY', out)

    def test_an_explanation_that_matches_nothing_is_reported_stale(self):
        stale = 'verdicts/src/main/java/io/x/Verdict.java | MathMutator | return rate >= floor; | gone'
        code, out = self.gate('check', self.pit, '--explained', self.explained(stale))
        self.assertEqual(code, 1)
        self.assertIn('no longer survives (remove it): ' + stale.rsplit(' | ', 1)[0], out)

    def test_a_malformed_explanation_is_an_error_naming_its_line(self):
        with self.assertRaisesRegex(ValueError, r'explained.txt:3: not "FILE \| MUTATOR \| SOURCE LINE \| WHY"'):
            self.gate('check', self.pit, '--explained', self.explained('a | b | c'))

    def test_scores_per_package(self):
        code, out = self.gate('scores', self.pit, self.site)
        self.assertEqual(code, 0)
        self.assertIn('| `io.x` | 2 | 1 | 1 | 0 | 50% | 50% |', out)
        self.assertIn('| `site/src/stats` | 3 | 1 | 1 | 1 | 33% | 50% |', out)


if __name__ == '__main__':
    unittest.main()
