$x = {a=>1}.map |$k, $v, $z| { $k }
