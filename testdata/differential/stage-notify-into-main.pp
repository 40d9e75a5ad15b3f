stage { 'pre': before => Stage['main'] }
class early { file { '@ROOT@/r/early': content => "x\n", notify => Exec['inmain'] } }
class { 'early': stage => 'pre' }
exec { 'inmain': command => '/bin/true', refreshonly => true }
