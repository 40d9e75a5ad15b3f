# setup: mkdir -p $ROOT/r/t/sub/deep; printf 1 > $ROOT/r/t/a.log; printf 22 > $ROOT/r/t/b.tmp; printf 333 > $ROOT/r/t/sub/c.log; printf 4 > $ROOT/r/t/sub/deep/d.log; printf new > $ROOT/r/t/new.log; touch -m -d '3 days ago' $ROOT/r/t/a.log $ROOT/r/t/b.tmp $ROOT/r/t/sub/c.log $ROOT/r/t/sub/deep/d.log
# after: (cd $ROOT/r && find . -mindepth 1 ! -name listing | sort) > $ROOT/r/listing
tidy { '@ROOT@/r/t/sub': recurse => true, rmdirs => true }
