file { '@ROOT@/r/upper': ensure => directory, recurse => true, sourceselect => 'ALL', source => ['@ROOT@/r/src'] }
