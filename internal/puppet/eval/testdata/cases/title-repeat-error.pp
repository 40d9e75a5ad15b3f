notify { ['x', 'x']: }
