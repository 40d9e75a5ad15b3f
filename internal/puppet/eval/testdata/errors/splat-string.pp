notify { 'x': * => 'message' }
