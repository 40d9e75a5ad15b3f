type Port = Integer[1, 65535]
class a(Port $p = 0) { }
include a
