NOTIFY { 'x': }
