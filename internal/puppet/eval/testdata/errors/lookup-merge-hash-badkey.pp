# modulepath: oddmodules
include lo
notify { 'x': message => String(lookup('lo::h', Hash, {'strategy' => 'deep', 'foo' => 1})) }
