class foo { notify { "foo": } }
class { 'foo': }
class { 'foo': }
