notify { 'a': }
class c { notify { 'c': } }
include c
Class['main'] -> Class['c']
