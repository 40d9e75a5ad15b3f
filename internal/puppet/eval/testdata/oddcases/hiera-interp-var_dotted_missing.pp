# modulepath: oddmodules
include hi
notify { 'x': message => String(lookup('hi::var_dotted_missing')) }
