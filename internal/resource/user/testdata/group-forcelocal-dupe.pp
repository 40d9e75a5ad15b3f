# setup: for g in ordogold_gfa ordogold_gfb ordogold_gfc ordogold_gfd; do groupdel $g 2>/dev/null; done; for u in ordogold_gm1 ordogold_gm2; do userdel $u 2>/dev/null; groupdel $u 2>/dev/null; done; true; groupadd -g 47905 ordogold_gfa; groupadd -g 47906 ordogold_gfc
# cleanup: for g in ordogold_gfa ordogold_gfb ordogold_gfc ordogold_gfd; do groupdel $g 2>/dev/null; done; for u in ordogold_gm1 ordogold_gm2; do userdel $u 2>/dev/null; groupdel $u 2>/dev/null; done; true
# requires: libuser
group { 'ordogold_gfb': ensure => present, forcelocal => true, gid => 47905 }
group { 'ordogold_gfc': forcelocal => true, gid => 47905 }
group { 'ordogold_gfd': ensure => present, forcelocal => true, gid => 47905, allowdupe => true }
notify { 'after': require => Group['ordogold_gfb'] }
