$r = [1,'a'].sort
