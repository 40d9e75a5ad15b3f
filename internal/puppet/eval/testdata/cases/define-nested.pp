define inner() { notify { "inner-${title}": } }
define outer() { inner { "${title}-i": } }
class c { outer { 'o1': } }
include c
outer { 'o2': }
