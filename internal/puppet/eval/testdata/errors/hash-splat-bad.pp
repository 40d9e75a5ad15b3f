notify { "a": * => [1] }
