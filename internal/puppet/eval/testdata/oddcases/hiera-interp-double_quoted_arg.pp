# modulepath: oddmodules
include hi
notify { 'x': message => String(lookup('hi::double_quoted_arg')) }
