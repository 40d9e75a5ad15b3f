# filter.py: keeps the lines of a `puppet apply --debug` run that ordo's
# package tests compare: changes, errors and warnings about resources,
# messages of notify, the package commands and prefetches. The Go tests
# apply the same rules to ordo's output (see keep in pkg_test.go).
import re, sys
LEVEL = re.compile(r'^(Debug|Info|Notice|Warning|Error): ')
DROP = re.compile(r'Compiled catalog|Applied catalog|Class\[|Stage\[main\]: |will propagate|does not support features'
                  r'|Using environment|Applying configuration|Creating state file|Facter|Resource is being skipped|Nothing to manage|Loading facts')
kept = False
for line in sys.stdin:
    line = line.rstrip('\n')
    m = LEVEL.match(line)
    if not m:
        # A message's further lines; Debug lines (commands) have none, so
        # what follows one is stray output of the process itself.
        if kept:
            print(line)
        continue
    kept = False
    if DROP.search(line):
        continue
    rest = line[len(m.group(0)):]
    if m.group(1) == 'Debug' and not (rest.startswith('Executing') or rest.startswith('Prefetching') or rest.startswith('/Stage[main]/')):
        continue
    if m.group(1) == 'Debug' and re.match(r"Executing:? '(/usr/bin/)?(facter|uname|lsb_release|/opt|dpkg-query -W --showformat '\$\{Status\} \$\{Package\} \$\{Version\}\\n'' puppet)", rest):
        continue
    kept = m.group(1) != 'Debug'
    print(line)
