$x = undef.filter |$v| { $v }
