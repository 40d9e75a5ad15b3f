# An archive told to refresh by a changed resource (archive has no
# refresh of its own), and one that notifies an exec when it changes.
notify { 'go': notify => Archive['@ROOT@/r/a.tar.gz'] }
archive { '@ROOT@/r/a.tar.gz':
  source => '@ROOT@/src/a.tar.gz',
  notify => Exec['after'],
}
exec { 'after':
  command     => '/bin/sh -c "echo ran > @ROOT@/r/ran"',
  refreshonly => true,
}
