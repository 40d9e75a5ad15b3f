# modulepath: oddmodules
include lo17
notify { 'a': message => String(lookup('lo17::a')) }
notify { 'h': message => String(lookup('lo17::h')) }
notify { 's': message => lookup('lo17::s') }
