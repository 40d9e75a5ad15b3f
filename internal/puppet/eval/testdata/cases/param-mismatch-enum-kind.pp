class a(Enum["x","y"] $e, Pattern[/^a/] $p, Optional[Enum["x"]] $o) {} class { "a": e => true, p => 5, o => [1] }
