class a(Boolean $b = 'true') { }
include a
