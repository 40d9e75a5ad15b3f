$x = "a${Sensitive('b')}"
notify { $x: }
