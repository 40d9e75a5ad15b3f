# An id that is not hexadecimal: the catalog is refused.
apt_key { 'not-a-key':
  source => '/tmp/x.asc',
}
