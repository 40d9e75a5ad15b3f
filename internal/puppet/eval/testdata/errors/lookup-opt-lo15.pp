# modulepath: oddmodules
include lo15
notify { 'x': message => String(lookup('lo15::h')) }
