class lo19(Integer $i, Timestamp $t) { notify { "i": message => $i + 1 } notify { "t": message => String($t) } }
