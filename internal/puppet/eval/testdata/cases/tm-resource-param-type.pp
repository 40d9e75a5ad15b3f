class a(Type[Resource] $r = 'x') { }
include a
