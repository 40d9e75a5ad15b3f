# modulepath: oddmodules
$x = 'X'
notify { 'x': message => template('tpl/rubyerr.erb') }
