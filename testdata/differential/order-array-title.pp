notify { 'before': }
notify { ['t1', 't2', 't3']: }
notify { 'after': }
notify { ['z', 'a']: }
