notify { 'c': } <- notify { 'd': }
notify { ['x1', 'x2']: } <- notify { 'y': } <- notify { 'z': }
