# modulepath: oddmodules
include lo20
notify { 'x': message => String(lookup('lo20::h')) }
