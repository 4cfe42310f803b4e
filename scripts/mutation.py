#!/usr/bin/env python3
"""Reads mutation-testing reports: PIT's mutations.xml (Java) and Stryker's mutation.json (the site).

  mutation.py check  REPORT... --explained FILE   every surviving mutant is explained in FILE, or exit 1 naming it
  mutation.py scores REPORT...                    the score per package, as a markdown table (BENCHMARKS.md)

A REPORT is a PIT mutations.xml (its module is the folder above target/) or a Stryker mutation.json (its project is
the folder above reports/). A survivor is a mutant no test noticed: PIT SURVIVED or NO_COVERAGE, Stryker Survived or
NoCoverage. FILE holds one explained survivor per line, "FILE | MUTATOR | SOURCE LINE | WHY" (docs in its header);
the source line, not its number, identifies the mutant, so an entry stays valid when lines above it move.
"""
import json
import os
import sys
import xml.etree.ElementTree as ET
from collections import OrderedDict
from dataclasses import dataclass

# what each tool calls a mutant that no test noticed, and one that is not a runnable mutant at all
SURVIVED = {'SURVIVED', 'NO_COVERAGE', 'Survived', 'NoCoverage'}
NOT_COVERED = {'NO_COVERAGE', 'NoCoverage'}
NOT_RUN = {'NON_VIABLE', 'CompileError', 'RuntimeError', 'Ignored', 'Pending'}


@dataclass(frozen=True)
class Mutant:
    file: str          # relative to the repository
    line: int
    mutator: str       # short name: ConditionalsBoundaryMutator, EqualityOperator
    description: str
    status: str
    package: str       # Java package, or the site folder (reports-site/src/stats)
    source: str        # the mutated line, trimmed

    @property
    def survived(self):
        return self.status in SURVIVED


def _source_line(path, line):
    try:
        with open(path, encoding='utf-8') as f:
            for number, text in enumerate(f, 1):
                if number == line:
                    return text.strip()
    except OSError:
        pass
    return ''


def _relative(path, root):
    return os.path.relpath(path, root).replace(os.sep, '/')


def read_pit(report, root):
    """Mutants of a PIT mutations.xml; its module is the folder holding target/."""
    module = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(report))))
    mutants = []
    for m in ET.parse(report).getroot().iter('mutation'):
        cls = m.findtext('mutatedClass')
        package = cls.rsplit('.', 1)[0]
        path = os.path.join(module, 'src', 'main', 'java', *package.split('.'), m.findtext('sourceFile'))
        line = int(m.findtext('lineNumber'))
        mutants.append(Mutant(_relative(path, root), line, m.findtext('mutator').rsplit('.', 1)[-1],
                              m.findtext('description'), m.get('status'), package, _source_line(path, line)))
    return mutants


def read_stryker(report, root):
    """Mutants of a Stryker mutation.json (mutation-testing-report-schema); its project is the folder holding reports/."""
    with open(report, encoding='utf-8') as f:
        data = json.load(f)
    project = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(report))))
    mutants = []
    for name, entry in data['files'].items():
        path = os.path.join(project, name)
        lines = entry.get('source', '').split('\n')
        for m in entry['mutants']:
            line = m['location']['start']['line']
            source = lines[line - 1].strip() if 0 < line <= len(lines) else ''
            description = '%s → %s' % (m.get('mutatorName'), m.get('replacement', ''))
            mutants.append(Mutant(_relative(path, root), line, m['mutatorName'], description, m['status'],
                                  _relative(os.path.dirname(path), root), source))
    return mutants


def read(report, root):
    return read_stryker(report, root) if report.endswith('.json') else read_pit(report, root)


def read_explained(path):
    """{(file, mutator, source line): why} from the explanations file; a malformed line is an error naming it."""
    explained = {}
    with open(path, encoding='utf-8') as f:
        for number, text in enumerate(f, 1):
            text = text.strip()
            if not text or text.startswith('#'):
                continue
            parts = [p.strip() for p in text.split(' | ')]
            if len(parts) != 4 or not all(parts):
                raise ValueError('%s:%d: not "FILE | MUTATOR | SOURCE LINE | WHY": %r' % (path, number, text))
            explained[tuple(parts[:3])] = parts[3]
    return explained


def check(mutants, explained):
    """(unexplained survivors, explanations that matched no survivor)."""
    used = set()
    unexplained = []
    for m in mutants:
        if not m.survived:
            continue
        key = (m.file, m.mutator, m.source)
        if key in explained:
            used.add(key)
        else:
            unexplained.append(m)
    stale = [k for k in explained if k not in used and any(k[0] == m.file for m in mutants)]
    return unexplained, stale


def scores(mutants):
    """Per package: mutants, killed, survived, not covered, score (killed of all) and test strength (killed of covered)."""
    table = OrderedDict()
    for m in sorted(mutants, key=lambda m: m.package):
        if m.status in NOT_RUN:
            continue
        row = table.setdefault(m.package, {'mutants': 0, 'killed': 0, 'survived': 0, 'no coverage': 0})
        row['mutants'] += 1
        if m.status in NOT_COVERED:
            row['no coverage'] += 1
        elif m.survived:
            row['survived'] += 1
        else:
            row['killed'] += 1
    return table


def markdown(table):
    out = ['| package | mutants | killed | survived | no coverage | score | test strength |', '|---|---|---|---|---|---|---|']
    for package, r in table.items():
        covered = r['mutants'] - r['no coverage']
        strength = '%.0f%%' % (100.0 * r['killed'] / covered) if covered else '–'
        out.append('| `%s` | %d | %d | %d | %d | %.0f%% | %s |' % (package, r['mutants'], r['killed'], r['survived'],
                                                                   r['no coverage'], 100.0 * r['killed'] / r['mutants'], strength))
    return '\n'.join(out)


def main(argv):
    root = os.getcwd()
    if len(argv) >= 2 and argv[0] == 'check':
        args = argv[1:]
        if '--explained' not in args or args.index('--explained') == len(args) - 1:
            print('mutation.py check: --explained FILE is missing', file=sys.stderr)
            return 2
        i = args.index('--explained')
        explained = read_explained(args[i + 1])
        reports = args[:i] + args[i + 2:]
        mutants = [m for r in reports for m in read(r, root)]
        unexplained, stale = check(mutants, explained)
        survivors = sum(1 for m in mutants if m.survived)
        for key in stale:
            print('mutation gate: warning: explained survivor no longer survives (remove it): %s' % ' | '.join(key))
        for m in unexplained:
            print('mutation gate: %s:%d %s (%s) %s\n    unexplained; kill it with a test, or explain it: %s | %s | %s | WHY'
                  % (m.file, m.line, m.status, m.mutator, m.description, m.file, m.mutator, m.source))
        print('mutation gate: %d mutants, %d survived, %d explained, %d unexplained'
              % (len(mutants), survivors, survivors - len(unexplained), len(unexplained)))
        return 1 if unexplained else 0
    if len(argv) >= 2 and argv[0] == 'scores':
        print(markdown(scores([m for r in argv[1:] for m in read(r, root)])))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
