# modulepath: oddmodules
notify { 'x': message => epp('tpl/badparams.epp') }
