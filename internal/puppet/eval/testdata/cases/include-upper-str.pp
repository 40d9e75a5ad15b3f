class foo { notify { 'foo': } }
include 'FOO'
