class foo { notify { 'foo': } }
include Class[foo]
