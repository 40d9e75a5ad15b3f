notify { true: }
