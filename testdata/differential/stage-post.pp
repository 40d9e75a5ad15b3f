stage { 'post': }
Stage['main'] -> Stage['post']
class late { notify { 'l1': } }
class { 'late': stage => 'post' }
notify { 'm1': }
