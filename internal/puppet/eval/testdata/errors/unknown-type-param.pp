notify { "a": }
Notify["a"] { nope => 1 }
