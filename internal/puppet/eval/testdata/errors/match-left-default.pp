$r = default =~ /a/
