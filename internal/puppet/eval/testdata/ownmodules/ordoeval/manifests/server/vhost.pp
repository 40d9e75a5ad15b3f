define ordoeval::server::vhost (
  Integer $port = $ordoeval::port,
) {
  notify { "vhost ${title}": message => inline_template("<%= @title %> on <%= @port %>") }
}
