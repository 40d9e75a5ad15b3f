notify { "a": require => "notaref" }
