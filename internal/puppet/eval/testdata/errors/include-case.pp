class foo { notify { 'foo': } }
include Foo
