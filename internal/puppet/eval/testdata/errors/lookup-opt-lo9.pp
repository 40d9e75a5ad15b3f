# modulepath: oddmodules
include lo9
notify { 'x': message => String(lookup('lo9::h')) }
