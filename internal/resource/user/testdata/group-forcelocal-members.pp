# setup: for g in ordogold_gfa ordogold_gfb ordogold_gfc ordogold_gfd; do groupdel $g 2>/dev/null; done; for u in ordogold_gm1 ordogold_gm2; do userdel $u 2>/dev/null; groupdel $u 2>/dev/null; done; true; useradd -M ordogold_gm1; useradd -M ordogold_gm2; groupadd -g 47907 ordogold_gfa; gpasswd -M ordogold_gm1 ordogold_gfa
# cleanup: for g in ordogold_gfa ordogold_gfb ordogold_gfc ordogold_gfd; do groupdel $g 2>/dev/null; done; for u in ordogold_gm1 ordogold_gm2; do userdel $u 2>/dev/null; groupdel $u 2>/dev/null; done; true
# requires: libuser
group { 'ordogold_gfa': forcelocal => true, members => ['ordogold_gm2'], auth_membership => true }
group { 'ordogold_gfb': ensure => present, forcelocal => true, gid => 47908, members => ['ordogold_gm1', 'ordogold_gm2'] }
