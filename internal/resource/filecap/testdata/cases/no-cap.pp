# setup: printf 'x' > $ROOT/r/prog
file_capability { '@ROOT@/r/prog': }
