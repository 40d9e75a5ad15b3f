# setup: printf 'x' > $ROOT/r/prog && setcap cap_net_raw+ep $ROOT/r/prog && printf 'y' > $ROOT/r/plain
# flags: --noop
# after: getcap $ROOT/r/prog > $ROOT/r/getcap; getcap $ROOT/r/plain >> $ROOT/r/getcap
file_capability { '@ROOT@/r/prog': capability => 'cap_chown=ep' }
file_capability { '@ROOT@/r/plain': capability => 'cap_chown=ep' }
