# modulepath: oddmodules
include lo6
notify { 'x': message => String(lookup('lo6::h')) }
