# modulepath: oddmodules
notify { 'x': message => String(lookup('nosuch::key', Integer, 'first', 'str')) }
