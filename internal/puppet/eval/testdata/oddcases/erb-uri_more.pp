# modulepath: oddmodules
notify { 'x': message => template('tpl/uri_more.erb') }
