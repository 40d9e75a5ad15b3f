# setup: printf 'x' > $ROOT/r/prog && setcap cap_net_raw+ep $ROOT/r/prog
# after: getcap $ROOT/r/prog > $ROOT/r/getcap
file_capability { '@ROOT@/r/prog': capability => 'cap_net_raw=ep' }
