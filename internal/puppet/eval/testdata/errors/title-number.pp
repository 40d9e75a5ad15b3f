notify { 42: }
