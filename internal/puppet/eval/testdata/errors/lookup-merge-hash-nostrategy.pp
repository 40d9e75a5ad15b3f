# modulepath: oddmodules
include lo
notify { 'x': message => String(lookup('lo::h', Hash, {'knockout_prefix' => '--'})) }
