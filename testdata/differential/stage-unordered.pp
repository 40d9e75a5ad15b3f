stage { 'loose': }
notify { 'm1': }
class staged { notify { 's1': } }
class { 'staged': stage => 'loose' }
notify { 'm2': }
