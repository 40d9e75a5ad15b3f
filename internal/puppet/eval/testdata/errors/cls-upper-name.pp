class Foo { notify { 'x': } }
include foo
