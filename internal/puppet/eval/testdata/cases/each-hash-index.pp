$h = { 'a' => 1, 'b' => 2 }
$h.each |$k, $v| { notify { "kv-${k}-${v}": } }
['p', 'q'].each |$i, $v| { notify { "iv-${i}-${v}": } }
$h.map |$pair| { $pair[0] }.each |$x| { notify { "m-${x}": } }
