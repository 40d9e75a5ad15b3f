class foo { notify { 'foo': } }
include ::foo
