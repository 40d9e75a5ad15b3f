#!/usr/bin/env python3
"""Records Puppet 7.23's error for each case: unpacks the case into an
environment, runs `puppet apply -e 'notice(lookup(...))'` and stores the
first Error line under "-- puppet --" in the case file."""
import os, re, subprocess, sys, tempfile

def parse(text):
    files, name, buf = {}, None, []
    for line in text.splitlines(keepends=True):
        m = re.match(r'^-- (.+) --$', line.rstrip('\n'))
        if m:
            if name is not None:
                files[name] = ''.join(buf)
            name, buf = m.group(1), []
        elif name is not None:
            buf.append(line)
    if name is not None:
        files[name] = ''.join(buf)
    return files

def main(paths):
    for path in paths:
        files = parse(open(path).read())
        files.pop('puppet', None)
        q = files['query'].strip().split(None, 1)
        names = q[0].split(',')
        arg = repr(names[0]) if len(names) == 1 else '[' + ', '.join(repr(n) for n in names) + ']'
        if len(q) == 1:
            call = 'lookup(%s)' % arg
        elif q[1].startswith('{'):
            # lookup()'s options hash, given as JSON.
            call = 'lookup(%s, %s)' % (arg, q[1].replace('":', '" =>'))
        else:
            call = 'lookup(%s, {merge => %r})' % (arg, q[1])
        with tempfile.TemporaryDirectory() as tmp:
            env = os.path.join(tmp, 'production')
            for name, body in files.items():
                if name == 'query':
                    continue
                p = os.path.join(env, name)
                os.makedirs(os.path.dirname(p), exist_ok=True)
                open(p, 'w').write(body)
            os.makedirs(os.path.join(env, 'modules'), exist_ok=True)
            r = subprocess.run(['puppet', 'apply', '--color=false', '--environmentpath', tmp,
                                '--environment', 'production', '--hiera_config', os.path.join(tmp, 'none.yaml'),
                                '-e', 'notice(%s)' % call], capture_output=True, text=True)
            out = r.stdout + r.stderr
            errs = [l for l in out.splitlines() if (l.startswith('Error: ') or l.startswith('Warning: ') or 'Notice: Scope' in l) and 'Facter' not in l]
            result = '\n'.join(e.replace(tmp, '@ENV@') for e in errs)
        with open(path, 'w') as f:
            for name, body in files.items():
                f.write('-- %s --\n%s' % (name, body))
            f.write('-- puppet --\n%s\n' % result)
        print(path, '::', result)

main(sys.argv[1:] or sorted(p for p in os.listdir('.') if p.endswith('.txtar')))
