$h = { 'mode' => '0644' }
file { '/etc/passwd':
  mode => '0600',
  *    => $h,
}
