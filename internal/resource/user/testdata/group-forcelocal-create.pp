# setup: for g in ordogold_gfa ordogold_gfb ordogold_gfc ordogold_gfd; do groupdel $g 2>/dev/null; done; for u in ordogold_gm1 ordogold_gm2; do userdel $u 2>/dev/null; groupdel $u 2>/dev/null; done; true
# cleanup: for g in ordogold_gfa ordogold_gfb ordogold_gfc ordogold_gfd; do groupdel $g 2>/dev/null; done; for u in ordogold_gm1 ordogold_gm2; do userdel $u 2>/dev/null; groupdel $u 2>/dev/null; done; true
# requires: libuser
group { 'ordogold_gfa': ensure => present, forcelocal => true, gid => 47901 }
group { 'ordogold_gfb': ensure => present, forcelocal => true, system => true }
notify { 'after': require => Group['ordogold_gfa'] }
