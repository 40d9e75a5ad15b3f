define foo { }
define foo { }
