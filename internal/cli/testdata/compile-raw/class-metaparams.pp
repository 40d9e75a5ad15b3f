class a { notify { 'in-a': } }
class { 'a': noop => true, tag => 'ctag' }
