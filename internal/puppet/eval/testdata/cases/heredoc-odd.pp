# Heredocs with escapes, margins, line joins, syntax tags and unicode.
$x1 = @("END")
  a\tb
    c ${1+1}
  |- END
notify { 'h1': message => $x1 }
$x2 = @(END/t)
	a\tb\$c\n
END
notify { 'h2': message => $x2 }
$x3 = @(END/L)
  one \
  two
  | END
notify { 'h3': message => $x3 }
$x4 = @(END:json)
  {"a": 1}
  | END
notify { 'h4': message => $x4 }
$x5 = @("END"/$)
  cost \$5 and $5
  | END
notify { 'h5': message => $x5 }
$x6 = @(END)
    a
  b
  | END
notify { 'h6': message => $x6 }
$x7 = @(END/u)
  \u00e9 \u{1F600}
  | END
notify { 'h7': message => $x7 }
