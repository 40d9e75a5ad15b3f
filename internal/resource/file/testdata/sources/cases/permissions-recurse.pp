# A recursive copy with source_permissions => use: each file and folder
# made takes its source's owner, group and mode; the top folder too.
# setup: mkdir -p $ROOT/src/sub && printf 'a\n' > $ROOT/src/a && printf 'b\n' > $ROOT/src/sub/b && chown 1:2 $ROOT/src/a && chmod 0600 $ROOT/src/a && chmod 0750 $ROOT/src/sub && chown 2:1 $ROOT/src/sub/b && chmod 0640 $ROOT/src/sub/b && chmod 0711 $ROOT/src
# after: cd $ROOT/r && find . | sort | xargs stat -c "%n %U %G %a" > $ROOT/stat && mv $ROOT/stat $ROOT/r/.stat
file { '@ROOT@/r/tree': ensure => directory, recurse => true, source => '@ROOT@/src', source_permissions => use }
