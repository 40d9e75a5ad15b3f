notify { 'x': message => inline_epp("a\n<%= $x \nb") }
