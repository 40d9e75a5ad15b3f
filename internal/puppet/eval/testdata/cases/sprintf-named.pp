$h = { 'chain' => 'INPUT', 'n' => 7, 'pi' => 3.14159 }
notify { 'named':
  message => [
    sprintf('[nftables] %<chain>s %<comment>s', { 'chain' => '%<chain>s', 'comment' => 'Rejected: ' }),
    sprintf('%<chain>-8s|%<n>03d|%<pi>.2f|%%', $h),
    sprintf('%{chain} and %{n}', $h),
    sprintf('%-<chain>8s|', $h),
  ],
}
