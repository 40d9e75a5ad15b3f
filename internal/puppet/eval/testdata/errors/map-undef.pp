$x = undef.map |$v| { $v }
