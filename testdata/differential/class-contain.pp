class inner { notify { 'inner': } }
class outer { contain inner }
notify { 'after': }
notify { 'before': }
Notify['before'] -> Class['outer'] -> Notify['after']
include outer
