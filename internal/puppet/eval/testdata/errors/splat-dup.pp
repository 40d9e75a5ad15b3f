$h = { 'message' => 'x' }
notify { 'a':
  message => 'y',
  *       => $h,
}
