# setup: userdel ordofld 2>/dev/null; groupdel ordofld 2>/dev/null; useradd -M -u 47815 ordofld
# cleanup: userdel ordofld; groupdel ordofld
# requires: libuser
user { 'ordofld': ensure => absent, forcelocal => true }
user { 'ordofld2': ensure => absent, forcelocal => true }
