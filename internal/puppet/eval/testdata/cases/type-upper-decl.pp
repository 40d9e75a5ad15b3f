Notify { 'x': }
