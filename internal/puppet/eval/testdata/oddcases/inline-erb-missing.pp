# modulepath: oddmodules
notify { 'x': message => inline_template("v=<%= @nosuch %>") }
