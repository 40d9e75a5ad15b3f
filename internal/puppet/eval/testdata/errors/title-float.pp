notify { 4.5: }
