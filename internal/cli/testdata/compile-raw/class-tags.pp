class a::b {
  notify { "in <b> & \"q\"": message => "x > y" }
}
include a::b
notify { "x": require => Class["a::b"] }
