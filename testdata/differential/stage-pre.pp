stage { 'pre': before => Stage['main'] }
notify { 'm1': }
class early { notify { 'e1': } }
class { 'early': stage => 'pre' }
notify { 'm2': }
