notify { ['a', '']: }
