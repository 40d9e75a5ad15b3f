# Match variables set by an if or unless test are seen in its branches
# and gone after it; a match outside any if stays.
'xyz' =~ /(y)/
if 'abc' =~ /(b)/ { $in_if = $1 }
unless 'abc' !~ /(c)/ { $in_unless = $1 }
notify { 'x':
  message => "${in_if}|${in_unless}|${1}",
}
