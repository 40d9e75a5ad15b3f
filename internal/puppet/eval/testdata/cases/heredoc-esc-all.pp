$x = @("END"/L)
  a\zb\
  c
  END
notify { $x: }
