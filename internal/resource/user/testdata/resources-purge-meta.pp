# setup: for u in ordogold_rp1 ordogold_rp2 ordogold_rp3 ordogold_rp4; do userdel $u 2>/dev/null; groupdel $u 2>/dev/null; done; useradd -M -u 300001 ordogold_rp1; useradd -M -u 300002 ordogold_rp2; useradd -M -u 300003 ordogold_rp3; useradd -M -u 300004 ordogold_rp4
# cleanup: for u in ordogold_rp1 ordogold_rp2 ordogold_rp3 ordogold_rp4; do userdel $u 2>/dev/null; groupdel $u 2>/dev/null; done; true
exec { 'first': command => '/bin/true' }
resources { 'user': purge => true, unless_system_user => 300000, unless_uid => [300003, 300004], loglevel => 'info', tag => ['purging'], notify => Exec['refreshed'], require => Exec['first'] }
exec { 'refreshed': command => '/bin/true', refreshonly => true }
notify { 'last': }
