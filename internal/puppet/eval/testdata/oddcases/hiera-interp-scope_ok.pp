# modulepath: oddmodules
include hi
notify { 'x': message => String(lookup('hi::scope_ok')) }
