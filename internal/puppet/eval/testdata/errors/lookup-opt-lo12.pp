# modulepath: oddmodules
include lo12
notify { 'x': message => String(lookup('lo12::h')) }
