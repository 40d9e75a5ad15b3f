# A file of a kind the module cannot extract: the module raises a Ruby
# NotImplementedError, which stops Puppet's whole run ("Could not run");
# ordo fails that resource alone and applies the rest.
archive { '@ROOT@/r/a.rar':
  source       => '@ROOT@/src/a.tar',
  extract      => true,
  extract_path => '@ROOT@/r',
}
notify { 'after': require => Archive['@ROOT@/r/a.rar'] }
notify { 'other': }
