# modulepath: oddmodules
include hi
notify { 'x': message => String(lookup('hi::unknown_fn')) }
