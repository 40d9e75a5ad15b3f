$x = "ok"
notify { "a ${010} b": }
