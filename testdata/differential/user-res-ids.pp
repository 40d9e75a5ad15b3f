exec { 'setup': command => "/bin/sh -c 'userdel ordores_id1; userdel ordores_id2; groupdel ordores_id1; groupdel ordores_id2; groupdel ordores_idg; groupadd -g 47301 ordores_idg; useradd -M -u 47302 ordores_id1; useradd -M -u 47303 ordores_id2; true' 2>/dev/null" }
group { 'ordores_idg': gid => 47305, require => Exec['setup'] }
user { 'ordores_id1': uid => 47304, gid => 'ordores_idg', require => Exec['setup'] }
user { 'ordores_id2': uid => 47304, gid => 47305, allowdupe => true, require => User['ordores_id1'] }
exec { 'cleanup': command => "/bin/sh -c 'userdel ordores_id1; userdel ordores_id2; groupdel ordores_id1; groupdel ordores_id2; groupdel ordores_idg; true'", require => User['ordores_id2'] }
