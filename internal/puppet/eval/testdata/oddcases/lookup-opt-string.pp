# modulepath: oddmodules
include lo3
notify { 'x': message => String(lookup('lo3::h')) }
