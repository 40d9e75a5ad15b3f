notify { '42': }
notify { 'n': require => Notify[42] }
