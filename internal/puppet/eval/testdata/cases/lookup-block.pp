notify { 'x': message => String(lookup('nosuch::k') |$k| { "dflt ${k}" }) }
