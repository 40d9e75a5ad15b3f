# Non-ASCII text in every kind of string literal reaches the catalog as
# the same UTF-8 bytes: double quotes (with interpolation and escapes),
# single quotes, heredocs with and without interpolation.
$k = 'Linux'
notify { "café": message => "naïve ${k} ü \u00e9 \u{1F600} \"ß\"" }
notify { 'élan': message => 'größe \'€\'' }
$h = @("END"/L)
  größe € ${k} \
  ÿ
  |- END
$raw = @(END)
  日本語 $k
  |- END
notify { 'heredocs': message => [$h, $raw] }
