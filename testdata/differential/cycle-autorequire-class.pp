class a { file { '@ROOT@/r/ac/y': ensure => file } }
class b { file { '@ROOT@/r/ac': ensure => directory } }
include a, b
Class['a'] -> Class['b']
