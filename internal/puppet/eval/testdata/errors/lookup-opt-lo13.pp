# modulepath: oddmodules
include lo13
notify { 'x': message => String(lookup('lo13::h')) }
