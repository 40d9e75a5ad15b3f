#!/usr/bin/env python3
"""Records what Puppet 7.23 answers for every key of the module data of
the modules in a modulepath (Forge modules unpacked from their public
repositories): `record.py MODULEPATH [MODULE...]` writes MODULE.golden,
one "key JSON" line per key ("ORDO_NOT_FOUND" when Puppet finds
nothing), and facts.json, the facts the modules' hierarchies use."""
import glob, json, os, re, subprocess, sys, tempfile

def keys_of(moddir):
    keys = set()
    for path in glob.glob(os.path.join(moddir, 'data', '**', '*.yaml'), recursive=True):
        for line in open(path, encoding='utf-8'):
            m = re.match(r'^(["\']?)([A-Za-z0-9_:]+)\1\s*:', line)
            if m and m.group(2) != 'lookup_options':
                keys.add(m.group(2))
    return sorted(keys)

def main():
    mp = os.path.abspath(sys.argv[1])
    here = os.path.dirname(os.path.abspath(__file__))
    mods = sys.argv[2:] or sorted(d for d in os.listdir(mp) if os.path.exists(os.path.join(mp, d, 'hiera.yaml')))
    facts = subprocess.run(['facter', '-j', 'os', 'kernelrelease'], capture_output=True, text=True).stdout
    open(os.path.join(here, 'facts.json'), 'w').write(facts)
    for mod in mods:
        keys = keys_of(os.path.join(mp, mod))
        if not keys:
            continue
        manifest = '[%s].each |$k| {\n  $v = lookup($k, undef, undef, "ORDO_NOT_FOUND")\n  notice("ORDO ${k} ${inline_template(\'<%%= require %%q(json); JSON.generate([@v])[1..-2] %%>\')}")\n}\n' % ', '.join("'%s'" % k for k in keys)
        with tempfile.TemporaryDirectory() as tmp:
            os.makedirs(os.path.join(tmp, 'production'))
            pp = os.path.join(tmp, 'lookups.pp')
            open(pp, 'w').write(manifest)
            r = subprocess.run(['puppet', 'apply', '--color=false', '--environmentpath', tmp, '--environment', 'production',
                                '--hiera_config', os.path.join(tmp, 'none.yaml'), '--modulepath', mp, pp],
                               capture_output=True, text=True)
        lines = [l.split('ORDO ', 1)[1] for l in r.stdout.splitlines() if 'ORDO ' in l]
        if not lines:
            print(mod, 'failed:', r.stderr[-2000:])
            continue
        open(os.path.join(here, mod + '.golden'), 'w').write('\n'.join(lines) + '\n')
        print(mod, len(lines), 'keys')

main()
