define d { class { "c": } }
class c {}
d { "a": }
d { "b": }
