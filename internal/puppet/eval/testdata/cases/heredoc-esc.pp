$x = @("END"/t)
  a\qb
  END
notify { $x: }
