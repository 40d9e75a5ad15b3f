class a(Struct[{ 'x' => Integer, 'y' => String }] $s = { 'x' => 1 }) { }
include a
