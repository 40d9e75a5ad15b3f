class a(Struct[{ 'x' => Integer }] $s = { 'x' => 1, 'z' => 2 }) { }
include a
