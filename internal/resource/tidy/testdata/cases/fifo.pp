# setup: mkdir -p $ROOT/r/t; mkfifo $ROOT/r/t/pipe; printf x > $ROOT/r/t/plain
# after: (cd $ROOT/r && find . -mindepth 1 ! -name listing | sort) > $ROOT/r/listing
tidy { '@ROOT@/r/t': recurse => true, matches => 'p*' }
