notify { 'first': }
class a { notify { 'in-a': } }
class { 'a': require => Notify['first'] }
