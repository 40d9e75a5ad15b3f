class inner { notify { 'inner': } }
class outer { contain inner notify { 'outer': } }
notify { 'after': }
notify { 'before': }
Notify['before'] -> Class['outer'] -> Notify['after']
include outer
