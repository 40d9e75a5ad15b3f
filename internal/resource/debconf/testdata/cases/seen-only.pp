# A question that is not in the database, given seen and no value:
# debconf-set-selections refuses to set the flag of a question that does
# not exist, which stm-debconf does not notice (Puppet says "created");
# ordo fails the resource with debconf's message.
debconf { 'ordotest/onlyseen':
  type => 'string',
  seen => true,
}
