# modulepath: oddmodules
include lo4
notify { 'x': message => String(lookup('lo4::h')) }
