# setup: printf 'x' > $ROOT/r/prog
file_capability { '@ROOT@/r/prog': capability => 'cap_net_raw=EP' }
