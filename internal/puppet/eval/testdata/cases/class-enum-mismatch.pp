class a(Enum['on', 'off'] $x = 'maybe') { }
include a
