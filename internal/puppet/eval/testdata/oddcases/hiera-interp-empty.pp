# modulepath: oddmodules
include hi
notify { 'x': message => String(lookup('hi::empty')) }
