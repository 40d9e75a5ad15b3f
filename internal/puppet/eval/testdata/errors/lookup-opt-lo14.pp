# modulepath: oddmodules
include lo14
notify { 'x': message => String(lookup('lo14::h')) }
