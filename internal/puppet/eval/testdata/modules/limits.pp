include limits
limits::limits { 'app_nofile':
  ensure     => present,
  user       => 'app',
  limit_type => 'nofile',
  both       => 16384,
}
limits::limits { '*/core':
  hard => 0,
}
