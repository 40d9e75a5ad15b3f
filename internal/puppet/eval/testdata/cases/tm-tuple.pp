class a(Tuple[String, Integer] $t = ['a', 'b']) { }
include a
