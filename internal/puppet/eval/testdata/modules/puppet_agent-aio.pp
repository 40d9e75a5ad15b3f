# The aio_agent_version fact of a Puppet 7 agent package, which
# Debian's own Puppet does not have.
$aio_agent_version = '7.22.0'
class { 'puppet_agent':
  package_version => '7.23.0',
  manage_repo     => false,
}
