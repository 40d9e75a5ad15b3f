# !, and, or on odd values.
notify { 'x': message => [!'false', !'0', !{}, !1, 'a' and [], undef or 0, (1 and 2) == true, !!undef] }
