# modulepath: oddmodules
$x = 'X'
notify { 'x': message => template('tpl/scopevar.erb') }
