class foo { define bar() { notify { "bar ${title}": } } bar { 'y': } }
include foo
