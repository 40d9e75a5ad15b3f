# An item without a slash: the catalog is refused.
debconf { 'noslash':
  type  => 'string',
  value => '1',
}
