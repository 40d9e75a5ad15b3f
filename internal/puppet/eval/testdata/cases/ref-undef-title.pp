notify { 'n': require => Notify[undef] }
