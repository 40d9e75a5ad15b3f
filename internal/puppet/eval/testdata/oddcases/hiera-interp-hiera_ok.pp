# modulepath: oddmodules
include hi
notify { 'x': message => String(lookup('hi::hiera_ok')) }
