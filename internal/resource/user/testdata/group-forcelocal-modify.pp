# setup: for g in ordogold_gfa ordogold_gfb ordogold_gfc ordogold_gfd; do groupdel $g 2>/dev/null; done; for u in ordogold_gm1 ordogold_gm2; do userdel $u 2>/dev/null; groupdel $u 2>/dev/null; done; true; groupadd -g 47902 ordogold_gfa
# cleanup: for g in ordogold_gfa ordogold_gfb ordogold_gfc ordogold_gfd; do groupdel $g 2>/dev/null; done; for u in ordogold_gm1 ordogold_gm2; do userdel $u 2>/dev/null; groupdel $u 2>/dev/null; done; true
# requires: libuser
group { 'ordogold_gfa': forcelocal => true, gid => 47903 }
