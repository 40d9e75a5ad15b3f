stage { 'pre': before => Stage['main'] }
class helper { notify { 'h': } }
class early { include helper  notify { 'e': } }
notify { 'm': }
class { 'early': stage => 'pre' }
