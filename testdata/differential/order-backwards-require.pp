notify { 'first': require => Notify['third'] }
notify { 'second': }
notify { 'third': }
