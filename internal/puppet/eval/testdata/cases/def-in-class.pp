class foo { define bar() { notify { "bar ${title}": } } }
include foo
foo::bar { 'x': }
