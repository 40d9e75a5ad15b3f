alternative_entry { 'gcc-x':
  ensure   => present,
  name     => '/usr/bin/gcc-12',
  altlink  => '/usr/bin/gcc',
  altname  => 'gcc',
  priority => 10,
}
alternative_entry { 'gcc-y':
  ensure   => present,
  name     => '/usr/bin/gcc-12',
  altlink  => '/usr/bin/cc',
  altname  => 'cc',
  priority => 20,
}
alternative_entry { '/usr/bin/vim.basic:/usr/bin/vi':
  altname  => 'vi',
  priority => 30,
}
alternatives { 'gcc':
  path => '/usr/bin/gcc-12',
}
