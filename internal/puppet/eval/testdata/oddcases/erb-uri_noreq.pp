# modulepath: oddmodules
$x = 'X'
notify { 'x': message => template('tpl/uri_noreq.erb') }
