# modulepath: oddmodules
notify { 'x': message => epp('tpl/dollar.epp') }
