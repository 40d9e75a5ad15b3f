class a(Struct[{ 'x' => Integer }] $s = { 'x' => 'no' }) { }
include a
