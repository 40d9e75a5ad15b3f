define d(Foo::Bar $x) {}
d { 't': x => 1 }
