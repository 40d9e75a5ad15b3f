$who = 'world'
$t = @("END")
  Hello ${who}
  second line
  | END
$l = @(END)
  literal ${who}
  END
notify { 'h': message => [$t, $l] }
