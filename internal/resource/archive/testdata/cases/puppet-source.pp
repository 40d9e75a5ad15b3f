# A puppet:///modules/ source, served from the module path as puppet
# apply serves it; one that is not there.
archive { '@ROOT@/r/mod.zip':
  source       => 'puppet:///modules/ordotest/a.zip',
  extract      => true,
  extract_path => '@ROOT@/r/out',
  creates      => '@ROOT@/r/out/a/hello.txt',
}
archive { '@ROOT@/r/nomod.zip':
  source => 'puppet:///modules/ordotest/missing.zip',
}
# setup: mkdir -p $ROOT/r/out
