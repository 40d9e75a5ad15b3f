class a { notify { 'a': } }
class { 'a': stage => 'nope' }
