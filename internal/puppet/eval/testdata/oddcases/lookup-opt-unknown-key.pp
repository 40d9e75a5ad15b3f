# modulepath: oddmodules
include lo11
notify { 'x': message => String(lookup('lo11::h')) }
