class c {}
class { 'c': }
include c
class { 'c': }
