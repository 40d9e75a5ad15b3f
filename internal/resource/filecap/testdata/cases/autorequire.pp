# setup: true
# after: getcap $ROOT/r/prog > $ROOT/r/getcap
file_capability { '@ROOT@/r/prog': capability => 'cap_net_raw=ep' }
file { '@ROOT@/r/prog': content => 'x' }
