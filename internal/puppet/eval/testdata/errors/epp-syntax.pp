# modulepath: oddmodules
notify { 'x': message => epp('tpl/syntax.epp') }
