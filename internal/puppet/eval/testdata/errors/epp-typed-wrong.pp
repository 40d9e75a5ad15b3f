# modulepath: oddmodules
notify { 'x': message => epp('tpl/typed.epp', {'port' => 'eighty'}) }
