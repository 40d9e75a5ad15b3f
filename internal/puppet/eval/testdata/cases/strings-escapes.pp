notify { 'esc': message => ["tab\there", 'single \'q\' \\ \n', "dollar \$x", "uni \u00e9 \u{1F600}", "nl\nx"] }
