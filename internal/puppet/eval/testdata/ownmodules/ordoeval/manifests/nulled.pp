# A class whose Hiera data is ~: the parameter keeps its default.
class ordoeval::nulled (String $greeting = 'default greeting') {
  notify { 'nulled': message => $greeting }
}
