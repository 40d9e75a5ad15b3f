# modulepath: oddmodules
include lo7
notify { 'b': message => String(lookup('lo7::b')) }
notify { 's': message => String(lookup('lo7::s')) }
notify { 'i': message => lookup('lo7::i') + 1 }
