class { 'jenkins':
  executors => 0,
}
jenkins::plugin { 'git':
  version => '1.1.11',
}
jenkins::plugin { 'workflow-aggregator':
  version       => '2.2.12',
  digest_string => '48141822e0eea1faa1a1a99b35372494e7352c2746ca3aa3a19a07f34b021848d2cd0bffc8959c1b809c5be231c1b49e9ffec0430dd68938197ac0f34588ee25',
  digest_type   => 'sha512',
}
jenkins::plugin { 'myplugin':
  source => 'https://example.org/myplugin.hpi',
}
jenkins::job { 'test-build-job':
  config => '<project><description>test</description></project>',
}
jenkins::job { 'old-job':
  ensure => 'absent',
  config => '',
}
