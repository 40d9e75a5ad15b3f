foo { 'x': }
