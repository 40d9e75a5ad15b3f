type Mode = Variant[Enum['on', 'off'], Boolean]
class a(Mode $m = 'maybe') { }
include a
