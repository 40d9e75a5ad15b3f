# A value that is a boolean, not a string: stm-debconf's munge fails on
# it (a Ruby NoMethodError for strip) and the catalog is refused.
debconf { 'ordotest/enabled':
  type  => 'boolean',
  value => true,
}
