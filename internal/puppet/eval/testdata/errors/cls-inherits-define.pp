define d() { }
class foo inherits d { }
include foo
