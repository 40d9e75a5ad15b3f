notify { 'x': message => inline_epp("a\n<%= $nosuch %>") }
