# Archives whose entries escape the folder (../escaped.txt): unzip and
# tar drop the ../ and write inside extract_path.
archive { '@ROOT@/r/evil.zip':
  source       => '@ROOT@/src/evil.zip',
  extract      => true,
  extract_path => '@ROOT@/r/zip/in',
}
archive { '@ROOT@/r/evil.tar':
  source       => '@ROOT@/src/evil.tar',
  extract      => true,
  extract_path => '@ROOT@/r/tar/in',
}
# setup: mkdir -p $ROOT/r/zip/in $ROOT/r/tar/in
