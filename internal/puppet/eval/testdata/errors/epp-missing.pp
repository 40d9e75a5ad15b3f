$x = epp("nomod/x.epp")
