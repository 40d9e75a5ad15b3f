class a(Optional[Enum['x', 'y']] $e = 'z') { }
include a
