stage { 'first':
  before => Stage['main'],
}
stage { 'last': }
Stage['main'] -> Stage['last']
class apt_keys { notify { 'keys': } }
class { 'apt_keys':
  stage => first,
}
class late { notify { 'late': } }
class { 'late': stage => 'last' }
