# modulepath: oddmodules
notify { 'x': message => epp('tpl/missing.epp') }
