class inner { notify { 'inner': } }
class outer { include inner }
notify { 'after': }
notify { 'before': }
Notify['before'] -> Class['outer'] -> Notify['after']
include outer
