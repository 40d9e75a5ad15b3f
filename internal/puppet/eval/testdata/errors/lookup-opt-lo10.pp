# modulepath: oddmodules
include lo10
notify { 'x': message => String(lookup('lo10::h')) }
