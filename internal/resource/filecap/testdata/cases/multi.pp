# setup: printf 'x' > $ROOT/r/prog
# after: getcap $ROOT/r/prog > $ROOT/r/getcap
file_capability { '@ROOT@/r/prog': ensure => present, capability => ['cap_net_admin,cap_net_raw=eip', 'cap_chown+p'] }
