# modulepath: oddmodules
$x = 'X'
notify { 'x': message => template('tpl/missing_method.erb') }
