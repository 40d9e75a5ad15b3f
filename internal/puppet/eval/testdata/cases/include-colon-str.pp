class foo::bar { notify { 'fb': } }
include '::foo::bar'
