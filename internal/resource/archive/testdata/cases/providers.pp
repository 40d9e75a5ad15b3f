# The wget provider (its command line, through the shell) and the ruby
# provider (the download in process: basic authentication, a source
# that is not there).
archive { '@ROOT@/r/wget.tar.gz':
  provider => wget,
  source   => '@URL@@ROOT@/src/a.tar.gz',
}
archive { '@ROOT@/r/ruby.tar.gz':
  provider => ruby,
  source   => '@URL@@ROOT@/src/private/a.tar.gz',
  username => 'reader',
  password => 's3cret',
}
archive { '@ROOT@/r/ruby-missing.tar.gz':
  provider => ruby,
  source   => '@URL@@ROOT@/src/missing.tar.gz',
}
