# modulepath: oddmodules
include lo18
notify { 'x': message => String(lookup('lo18::h')) }
