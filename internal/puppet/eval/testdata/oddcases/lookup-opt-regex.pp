# modulepath: oddmodules
include lo5
notify { 'x': message => String(lookup('lo5::h')) }
