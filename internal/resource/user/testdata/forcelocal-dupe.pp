# setup: userdel ordofdu 2>/dev/null; groupdel ordofdu 2>/dev/null; userdel ordofdm 2>/dev/null; groupdel ordofdm 2>/dev/null; useradd -M -u 47816 ordofdm
# cleanup: userdel ordofdu; groupdel ordofdu; userdel ordofdm; groupdel ordofdm
# requires: libuser
user { 'ordofdu': ensure => present, forcelocal => true, uid => 0 }
user { 'ordofdm': forcelocal => true, uid => 0 }
notify { 'after': require => User['ordofdu'] }
