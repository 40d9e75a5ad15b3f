notify { 'x': * => ['message', 'hi'] }
