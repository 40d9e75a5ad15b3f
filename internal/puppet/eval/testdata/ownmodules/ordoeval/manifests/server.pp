class ordoeval::server (
  String $greeting,
) {
  notify { 'greeting': message => $greeting }
  ordoeval::server::vhost { ['a.example', 'b.example']: }
}
