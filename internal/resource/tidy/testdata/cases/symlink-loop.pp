# setup: mkdir -p $ROOT/r/t; ln -s self $ROOT/r/t/self; ln -s b $ROOT/r/t/a; ln -s a $ROOT/r/t/b; ln -s .. $ROOT/r/t/up; printf x > $ROOT/r/t/keep
# after: (cd $ROOT/r && find . -mindepth 1 ! -name listing | sort) > $ROOT/r/listing
tidy { '@ROOT@/r/t': recurse => true, matches => ['self', 'a', 'b', 'up'] }
