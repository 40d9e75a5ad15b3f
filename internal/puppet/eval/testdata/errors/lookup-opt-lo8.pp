# modulepath: oddmodules
include lo8
notify { 'x': message => String(lookup('lo8::i')) }
