# setup: printf 'x' > $ROOT/r/prog && setcap cap_net_raw+ep $ROOT/r/prog && printf 'y' > $ROOT/r/plain
# after: getcap $ROOT/r/prog > $ROOT/r/getcap; getcap $ROOT/r/plain >> $ROOT/r/getcap
file_capability { '@ROOT@/r/prog': ensure => absent }
file_capability { '@ROOT@/r/plain': ensure => absent }
file_capability { '@ROOT@/r/missing': ensure => absent }
