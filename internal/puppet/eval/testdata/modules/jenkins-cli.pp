class { 'jenkins':
  cli_ssh_keyfile => '/path/to/id_rsa',
  cli_username    => 'admin',
}
jenkins::cli::exec { 'set_num_executors 0': }
$num_executors = 2
jenkins::cli::exec { "set_num_executors ${num_executors}":
  command => ['set_num_executors', $num_executors],
  unless  => "[ \$(\$HELPER_CMD get_num_executors) -eq ${num_executors} ]",
}
