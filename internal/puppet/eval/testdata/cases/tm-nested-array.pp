class a(Array[Array[Integer]] $v = [[1], ['x']]) { }
include a
