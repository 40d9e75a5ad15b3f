# modulepath: oddmodules
notify { 'x': message => epp('tpl/typed.epp', {'port' => 80, 'other' => 1}) }
