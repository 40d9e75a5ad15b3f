define d {}
d { ['x', 'x']: }
