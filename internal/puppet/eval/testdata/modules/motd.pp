class { 'motd':
  content       => "Welcome to node\n",
  issue_content => "Authorized use only\n",
}
