class inner { notify { 'deep': } }
class outer { contain inner }
class { 'outer': schedule => 'daily' }
contain outer
