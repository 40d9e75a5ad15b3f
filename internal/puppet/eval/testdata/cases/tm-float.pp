class a(Float $f = 1) { }
include a
