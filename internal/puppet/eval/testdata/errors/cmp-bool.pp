$x = true < false
