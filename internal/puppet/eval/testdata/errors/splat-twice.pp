notify { 'x': * => {message => 'a'}, * => {loglevel => 'info'} }
