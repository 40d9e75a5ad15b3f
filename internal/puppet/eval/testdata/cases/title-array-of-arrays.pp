notify { [['a', 'b'], ['c']]: }
