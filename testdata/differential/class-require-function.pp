class inner { notify { 'inner': } }
class outer { require inner  notify { 'outer': } }
notify { 'first': }
include outer
