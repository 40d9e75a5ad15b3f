# modulepath: oddmodules
include lo2
notify { 'x': message => String(lookup('lo2::h')) }
