notify { "a": before => Nosuchtype["x"] }
