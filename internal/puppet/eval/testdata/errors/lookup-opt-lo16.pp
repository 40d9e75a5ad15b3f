# modulepath: oddmodules
include lo16
notify { 'x': message => String(lookup('lo16::h')) }
