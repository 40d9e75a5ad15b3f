notify { []: }
notify { 'after': }
