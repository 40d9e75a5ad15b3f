# source_permissions => use copies the source's owner, group and mode to
# the file, unless the resource sets them; use_when_creating only when it
# creates the file; ignore never.
# setup: mkdir -p $ROOT/src && printf 'a\n' > $ROOT/src/a && chown 1:2 $ROOT/src/a && chmod 0640 $ROOT/src/a && printf 'a\n' > $ROOT/r/existing && chmod 0644 $ROOT/r/existing && printf 'a\n' > $ROOT/r/kept && chmod 0644 $ROOT/r/kept
# after: cd $ROOT/r && stat -c "%n %U %G %a" * > $ROOT/r/.stat
file { '@ROOT@/r/use': source => '@ROOT@/src/a', source_permissions => use }
file { '@ROOT@/r/existing': source => '@ROOT@/src/a', source_permissions => use }
file { '@ROOT@/r/created': source => '@ROOT@/src/a', source_permissions => use_when_creating }
file { '@ROOT@/r/kept': source => '@ROOT@/src/a', source_permissions => use_when_creating }
file { '@ROOT@/r/own-mode': source => '@ROOT@/src/a', source_permissions => use, mode => '0600' }
file { '@ROOT@/r/ignored': source => '@ROOT@/src/a', source_permissions => ignore }
