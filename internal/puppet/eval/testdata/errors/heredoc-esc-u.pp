$x = @("END"/u)
  a\u{110000}b
  END
notify { $x: }
